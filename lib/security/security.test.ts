import { describe, expect, it } from "vitest";
import { hashIp, hmac, signValue, verifySigned } from "./secret";

const secret = "a-test-secret-of-enough-length";

describe("the server's secret at work", () => {
  it("signs a visitor id the client cannot forge, alter or move to another secret", () => {
    const signed = signValue("visitor-1", secret);
    expect(verifySigned(signed, secret)).toBe("visitor-1");
    expect(verifySigned(signed.replace("visitor-1", "visitor-2"), secret)).toBeNull();
    expect(verifySigned(`${signed.slice(0, -1)}${signed.endsWith("A") ? "B" : "A"}`, secret)).toBeNull();
    expect(verifySigned(signed, "another-secret-of-enough-length")).toBeNull();
    for (const bad of [undefined, "", "no-dot", ".sig", "visitor-1."]) expect(verifySigned(bad, secret)).toBeNull();
  });

  it("stores an address only as a salted hash: stable for one secret, different under another", () => {
    const hashed = hashIp("203.0.113.7", secret);
    expect(hashed).toHaveLength(32);
    expect(hashed).not.toContain("203");
    expect(hashIp("203.0.113.7", secret)).toBe(hashed);
    expect(hashIp("203.0.113.8", secret)).not.toBe(hashed);
    expect(hashIp("203.0.113.7", "another-secret-of-enough-length")).not.toBe(hashed);
    // the address's hash and a visitor's signature never coincide for the same text
    expect(hmac(secret, "ip:x")).not.toBe(hmac(secret, "visitor:x"));
  });
});
