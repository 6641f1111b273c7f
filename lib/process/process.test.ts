// The crash guard and the supervisor, each in real child processes: a library's rethrowing handler (what
// Emscripten installs) must not end a guarded process, and a child that dies must come back with backoff.
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { supervise } from "./supervisor";

const guard = path.resolve("lib/process/crash-guard.mjs");

/** A process that installs Emscripten's handler, lets a promise fail unawaited, and says whether it lived on. */
function runWithLibraryHandler(guarded: boolean) {
  const script = `
    ${guarded ? `const { guardProcess } = await import(${JSON.stringify(guard)}); guardProcess({ name: "t" });` : ""}
    process.on("unhandledRejection", function (reason) { throw reason; });
    Promise.reject(new Error("a poll failed during a failover"));
    await new Promise((resolve) => setTimeout(resolve, 100));
    console.log("still running");
  `;
  return spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
}

describe("the crash guard", () => {
  it("without it, a library's rethrowing handler ends the process (what the guard is for)", () => {
    const run = runWithLibraryHandler(false);
    expect(run.status).not.toBe(0);
    expect(run.stdout).not.toContain("still running");
  });

  it("with it, the rejection is logged and the process goes on", () => {
    const run = runWithLibraryHandler(true);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("still running");
    expect(run.stderr).toContain("[t] an unhandledRejection handler threw (ignored, the process goes on)");
    expect(run.stderr).toContain("a poll failed during a failover");
  });

  it("a handler removed by the library is really removed", () => {
    const script = `
      const { guardProcess } = await import(${JSON.stringify(guard)}); guardProcess({ name: "t" });
      const handler = (reason) => { throw reason; };
      process.on("unhandledRejection", handler);
      const before = process.listenerCount("unhandledRejection");
      process.removeListener("unhandledRejection", handler);
      console.log(before - process.listenerCount("unhandledRejection"));
    `;
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
    expect(run.stdout.trim()).toBe("1");
  });
});

describe("the supervisor", () => {
  it("starts a process that dies again, with a growing pause, logs each exit, and stops it for good", async () => {
    const lines: string[] = [];
    const starts: number[] = [];
    const supervised = supervise({
      name: "test process",
      log: (line) => lines.push(line),
      firstDelayMs: 100,
      maxDelayMs: 400,
      start: () => {
        starts.push(Date.now());
        // dies at once twice, then stays up
        const code = starts.length <= 2 ? "process.exit(3)" : "setInterval(() => {}, 1000)";
        return spawn(process.execPath, ["-e", code], { stdio: "ignore" });
      },
    });
    while (starts.length < 3) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(supervised.restarts).toBe(2);
    expect(lines[0]).toBe("test process exited (code 3); starting it again in 0.1 s (restart 1)");
    expect(lines[1]).toBe("test process exited (code 3); starting it again in 0.2 s (restart 2)");
    // the pauses grew: 100 ms, then 200 ms
    expect((starts[1] as number) - (starts[0] as number)).toBeGreaterThanOrEqual(100);
    expect((starts[2] as number) - (starts[1] as number)).toBeGreaterThanOrEqual(200);
    const running = supervised.current;
    expect(running?.exitCode).toBeNull();
    await supervised.stop();
    expect(running?.signalCode).toBe("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(starts.length).toBe(3); // asked to stop: not started again
  });
});
