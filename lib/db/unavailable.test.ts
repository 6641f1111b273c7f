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

  it("treats a server that stopped answering, and waits past their bounds, as unavailable (503, not 500)", async () => {
    // a frozen server: accepts the connection, never answers; the driver's own read timeout gives up
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const pool = new pg.Pool({
      port: (silent.address() as net.AddressInfo).port,
      host: "127.0.0.1",
      connectionTimeoutMillis: 300,
    });
    const error = await pool.query("SELECT 1").catch((e: unknown) => e);
    for (const socket of sockets) socket.destroy();
    silent.close();
    await pool.end().catch(() => undefined);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(new Error("Query read timeout"))).toBe(true);
    // lock_timeout / NOWAIT and statement_timeout
    expect(isDatabaseUnavailable(Object.assign(new Error("could not obtain lock"), { code: "55P03" }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("canceling statement"), { code: "57014" }))).toBe(true);
  });

  it("does not take bugs or bad data for an outage", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("x is undefined"))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error("invalid input syntax"), { code: "22P02" }))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
