import { describe, expect, it } from "vitest";
import { DomainError, domainError, InvalidInput, kindOf, NotFound, RateLimited, Unavailable } from "./index";

describe("the one error family", () => {
  it("gives a feature's error its kind, code and own name", () => {
    class RunNotFound extends domainError("not_found", "unknown_run") {}
    const error = new RunNotFound("no run 'x'");
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ kind: "not_found", code: "unknown_run", message: "no run 'x'", name: "RunNotFound" });
    expect(new NotFound("unknown_model", "no model")).toMatchObject({ kind: "not_found", name: "NotFound" });
  });

  it("carries when trying again makes sense", () => {
    expect(new RateLimited("slow_down", "too many", 30).retryAfterSeconds).toBe(30);
    expect(new Unavailable("down", "the database is down").retryAfterSeconds).toBeUndefined();
  });

  it("reads the kind of a thrown value: ours, one carried by hand, and none for a bug", () => {
    expect(kindOf(new InvalidInput("bad", "bad"))).toBe("invalid");
    expect(kindOf(Object.assign(new Error("config"), { kind: "invalid" }))).toBe("invalid");
    expect(kindOf(Object.assign(new Error("odd"), { kind: "made_up" }))).toBeUndefined();
    expect(kindOf(new TypeError("x is undefined"))).toBeUndefined();
    expect(kindOf("a string")).toBeUndefined();
  });
});
