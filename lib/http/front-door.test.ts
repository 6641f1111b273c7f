import { describe, expect, it } from "vitest";
import { parseConfig } from "../config";
import { clientAddress, parseTrustedProxies, refusal, uploadCeiling } from "./front-door.mjs";

describe("the front door", () => {
  it("takes the socket's peer as the client unless it is a trusted proxy, then reads X-Forwarded-For from the right", () => {
    const none = parseTrustedProxies("");
    expect(clientAddress("203.0.113.7", "1.2.3.4", none)).toBe("203.0.113.7");
    const proxies = parseTrustedProxies("10.0.0.0/8, loopback");
    expect(clientAddress("::ffff:127.0.0.1", "198.51.100.9, 10.1.2.3", proxies)).toBe("198.51.100.9");
    // a client's own first hop is ignored: only what trusted hops appended counts
    expect(clientAddress("10.0.0.5", "6.6.6.6, 198.51.100.9", proxies)).toBe("198.51.100.9");
    expect(clientAddress("10.0.0.5", "not-an-address", proxies)).toBe("10.0.0.5");
    expect(() => parseTrustedProxies("10.0.0.0/99")).toThrow(/bad prefix length/);
    expect(() => parseTrustedProxies("example.org")).toThrow(/not an address or CIDR/);
  });

  it("refuses NULs, malformed escapes and declared bodies over the upload ceiling", () => {
    const request = (url: string, headers: Record<string, string> = {}) => ({ url, headers }) as never;
    expect(refusal(request("/api/x?c=%00"), 10)).toMatchObject({ status: 400, code: "nul_byte" });
    expect(refusal(request("/api/%E0%A4%A"), 10)).toMatchObject({ status: 400, code: "bad_url" });
    expect(refusal(request("/api/x", { "content-length": "11" }), 10)).toMatchObject({ status: 413 });
    expect(refusal(request("/api/x", { "content-length": "10" }), 10)).toBeNull();
    expect(uploadCeiling(parseConfig({}))).toBe(61 * 1048576);
    expect(uploadCeiling(parseConfig({ ARENA_MAX_IMAGES: "2", ARENA_IMAGE_MAX_MB: "5" }))).toBe(11 * 1048576);
  });
});
