// One error family: everything lib/ throws on purpose carries a kind, and lib/http and the CLI map kinds, never
// class names. A new `class X extends Error` in lib/ (an error with no kind) fails here.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DomainError, domainError, ERROR_KINDS, type ErrorKind, kindOf } from "../../lib/errors";
import { errorToResponse, KIND_STATUS } from "../../lib/http/route";
import { NoBattlesError, UnknownCategoryError } from "../../lib/ratings";
import { BoardError } from "../../lib/ratings/board-pool";
import type { RatingsErrorKind } from "../../lib/ratings/errors";

const root = path.resolve(__dirname, "../..");

/** Signals, not errors: they never leave the code that catches them. */
const SIGNALS = new Set(["StopRequested"]);

function libSources(): string[] {
  return fs
    .readdirSync(path.join(root, "lib"), { recursive: true, encoding: "utf8" })
    .filter((f) => /\.(ts|tsx|mjs)$/.test(f) && !/\.test\.|generated/.test(f))
    .map((f) => path.join("lib", f));
}

/** Error classes declared outside the family: `class X extends Error` (or any *Error but DomainError's own). */
function kindlessClasses(text: string): string[] {
  return [...text.matchAll(/class (\w+) extends (Error|TypeError|RangeError)\b/g)]
    .map((m) => m[1] as string)
    .filter((name) => name !== "DomainError" && !SIGNALS.has(name));
}

describe("the error family", () => {
  it("every error class lib/ declares is a DomainError (has a kind)", () => {
    const offenders = libSources().flatMap((file) => {
      const text = fs.readFileSync(path.join(root, file), "utf8");
      // a plain-JavaScript module may carry its kind by hand (lib/config's ConfigError, read by kindOf), and so does
      // lib/ratings, which imports nothing of the app (its kinds are checked against ERROR_KINDS below)
      const byHand =
        (file.endsWith(".mjs") && /this\.kind = "/.test(text)) || file === path.join("lib", "ratings", "errors.ts");
      return byHand ? [] : kindlessClasses(text).map((name) => `${file}: ${name}`);
    });
    expect(offenders).toEqual([]);
  });

  it("the scan sees what it looks for (a planted kindless class is caught)", () => {
    expect(kindlessClasses("export class ImportError extends Error {}")).toEqual(["ImportError"]);
    expect(kindlessClasses('export class ImportError extends domainError("invalid", "x") {}')).toEqual([]);
  });

  it("lib/ratings' errors, kinds carried by hand, answer as the family's do", () => {
    expect(errorToResponse(new NoBattlesError("no battles in this category")).status).toBe(404);
    expect(kindOf(new UnknownCategoryError("no category 'x'"))).toBe("usage");
    expect(kindOf(new BoardError("worker 3 exited"))).toBe("internal");
    // every kind lib/ratings may carry is one of the family's (tsc fails here otherwise)
    const within: RatingsErrorKind extends ErrorKind ? true : never = true;
    expect(within).toBe(true);
  });

  it("HTTP answers by kind, whatever the class is called", () => {
    for (const kind of ERROR_KINDS) {
      const Renamed = domainError(kind, `code_${kind}`);
      const response = errorToResponse(new Renamed("a message for the person"));
      expect(response.status).toBe(KIND_STATUS[kind]);
    }
    const gone = errorToResponse(new (domainError("not_found", "unknown_run"))("no run 'x'"));
    expect(gone.status).toBe(404);
  });

  it("an internal failure's message stays in the log; a refusal's reaches the person", async () => {
    const internal = errorToResponse(new DomainError("internal", "rating_worker_failed", "worker 3 exited with 139"));
    expect(internal.status).toBe(500);
    expect(JSON.stringify(await internal.json())).not.toContain("worker 3");
    const refused = errorToResponse(new DomainError("conflict", "already_voted", "you already voted"));
    expect(await refused.json()).toEqual({ error: { code: "already_voted", message: "you already voted" } });
  });

  it("kindOf reads a hand-carried kind and ignores a made-up one", () => {
    const byHand = Object.assign(new Error("configuration: PORT"), { kind: "invalid", code: "invalid_config" });
    expect(kindOf(byHand)).toBe("invalid");
    expect(kindOf(Object.assign(new Error("x"), { kind: "whatever" }))).toBeUndefined();
    expect(kindOf(new Error("a bug"))).toBeUndefined();
  });
});
