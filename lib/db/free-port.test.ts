import fs from "node:fs";
import net from "node:net";
import { describe, expect, it } from "vitest";
import { DEFAULT_EMBEDDED_PORT } from "./bootstrap";
import { canListen, freePort } from "./free-port";

describe("the embedded server's port", () => {
  it("lies outside the kernel's ephemeral range, where outgoing connections take their local ports", () => {
    const [low, high] = fs.existsSync("/proc/sys/net/ipv4/ip_local_port_range")
      ? fs.readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/).map(Number)
      : [32768, 60999];
    expect(DEFAULT_EMBEDDED_PORT < (low as number) || DEFAULT_EMBEDDED_PORT > (high as number)).toBe(true);
  });

  it("is checked by binding it: taken while a server listens, free once it closed", async () => {
    const port = await freePort();
    expect(await canListen(port)).toBe(true);
    const server = net.createServer().listen(port, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    expect(await canListen(port)).toBe(false);
    await new Promise((resolve) => server.close(resolve));
    expect(await canListen(port)).toBe(true);
  });

  it("is not fooled by a connection to itself, which a connect-based check took for a listener", async () => {
    // In the ephemeral range a checking socket may be given the very port it connects to: TCP then connects the
    // socket to itself (simultaneous open), "something listens", and start-up failed with "port already in use".
    const port = await freePort();
    const self = net.connect({ port, host: "127.0.0.1", localAddress: "127.0.0.1", localPort: port });
    const connected = await new Promise<boolean>((resolve) => {
      self.once("connect", () => resolve(true));
      self.once("error", () => resolve(false));
    });
    expect(connected).toBe(true); // nothing listens, yet a connect succeeded
    self.destroy();
    expect(await canListen(port)).toBe(true);
  });
});
