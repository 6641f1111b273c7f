import net from "node:net";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { freePort } from "./free-port";
import { isDatabaseUnavailable } from "./unavailable";

describe("isDatabaseUnavailable", () => {
  it("recognises a refused connection from node-postgres", async () => {
    const client = new pg.Client({ host: "127.0.0.1", port: await freePort(), user: "x", database: "x" });
    const error = await client.connect().catch((e) => e);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("recognises a connection cut mid-way", async () => {
    // a server that accepts and hangs up at once, as a PostgreSQL going down does
    const server = net.createServer((socket) => socket.destroy()).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const client = new pg.Client({ host: "127.0.0.1", port: (server.address() as net.AddressInfo).port });
    const error = await client.connect().catch((e) => e);
    server.close();
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("recognises PostgreSQL's shutdown codes and Prisma's, through causes", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("terminating connection"), { code: "57P01" }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("wrapped", { cause: { code: "ECONNREFUSED" } }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("Can't reach database server"), { code: "P1001" }))).toBe(
      true,
    );
  });

  it("does not take bugs or bad data for an outage", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("x is undefined"))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error("invalid input syntax"), { code: "22P02" }))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
