// The launcher's processes (the web server, the jobs process) kept running: one that ends without being asked to is
// started again after a pause that doubles with each quick death (1 s, 2 s, 4 s … at most 30 s) and starts over
// once a process has stayed up a minute, so a crash loop neither spins the CPU nor gives up for good. Every exit
// and restart is one log line.
import type { ChildProcess } from "node:child_process";

export interface SupervisorOptions {
  /** how the log names it: "jobs process", "web server" */
  name: string;
  start: () => ChildProcess;
  log: (line: string) => void;
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** a process up this long was healthy: the next restart waits firstDelayMs again */
  stableAfterMs?: number;
}

export interface Supervised {
  /** the process running now (undefined between a death and its restart) */
  readonly current: ChildProcess | undefined;
  /** restarts so far */
  readonly restarts: number;
  /** stops supervising and ends the process (SIGTERM, then SIGKILL after killAfterMs) */
  stop(killAfterMs?: number): Promise<void>;
}

export function supervise(options: SupervisorOptions): Supervised {
  const { name, start, log, firstDelayMs = 1_000, maxDelayMs = 30_000, stableAfterMs = 60_000 } = options;
  let current: ChildProcess | undefined;
  let restarts = 0;
  let quickDeaths = 0;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;

  const launch = () => {
    timer = undefined;
    const child = start();
    const startedAt = Date.now();
    current = child;
    child.once("exit", (code, signal) => {
      if (current === child) current = undefined;
      if (stopping) return;
      quickDeaths = Date.now() - startedAt >= stableAfterMs ? 0 : quickDeaths + 1;
      const delay = Math.min(maxDelayMs, firstDelayMs * 2 ** Math.max(0, quickDeaths - 1));
      restarts += 1;
      log(
        `${name} exited (${signal ? `signal ${signal}` : `code ${code}`}); starting it again in ` +
          `${(delay / 1000).toFixed(delay < 1000 ? 1 : 0)} s (restart ${restarts})`,
      );
      timer = setTimeout(launch, delay);
    });
  };
  launch();

  return {
    get current() {
      return current;
    },
    get restarts() {
      return restarts;
    },
    async stop(killAfterMs = 15_000) {
      stopping = true;
      if (timer) clearTimeout(timer);
      const child = current;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const kill = setTimeout(() => child.kill("SIGKILL"), killAfterMs);
      await exited;
      clearTimeout(kill);
    },
  };
}
