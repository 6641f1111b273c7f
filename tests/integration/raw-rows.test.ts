// Rows as the server's text (lib/db/raw-rows), through a Lane and a cursor, on the real PostgreSQL.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { Cursor } from "../../lib/db/cursor";
import { Lane } from "../../lib/db/lane";
import { sql } from "../../lib/db/sql";

let pool: pg.Pool;
beforeAll(() => {
  pool = new pg.Pool({ connectionString: inject("databaseUrl"), max: 2 });
});
afterAll(() => pool.end());

describe("raw rows", () => {
  it("gives each column's text as the server wrote it, NULL as null, with no type parsed", async () => {
    const client = await pool.connect();
    try {
      const rows = await new Lane(client).raw(
        sql`SELECT 7::int AS n, NULL::int AS none, true AS yes, '{"a": [1, 2]}'::jsonb AS j, 'é,"x"' AS t
            UNION ALL SELECT -3, 4, false, NULL, ''`,
      );
      expect(rows).toEqual([
        ["7", null, "t", '{"a": [1, 2]}', 'é,"x"'],
        ["-3", "4", "f", null, ""],
      ]);
    } finally {
      client.release();
    }
  });

  it("reads a cursor a FETCH at a time, to its end", async () => {
    const client = await pool.connect();
    try {
      const lane = new Lane(client);
      await client.query("BEGIN");
      const cursor = await Cursor.raw(lane, sql`SELECT g::text, g * 2 FROM generate_series(1, 25) g ORDER BY 2`, 10);
      const sizes: number[] = [];
      const all: unknown[] = [];
      for (let rows = await cursor.fetch(); rows.length > 0; rows = await cursor.fetch()) {
        sizes.push(rows.length);
        all.push(...rows);
      }
      expect(sizes).toEqual([10, 10, 5]);
      expect(all[24]).toEqual(["25", "50"]);
      await cursor.close();
    } finally {
      await client.query("ROLLBACK");
      client.release();
    }
  });

  it("rejects with the server's error, and the connection goes on working", async () => {
    const client = await pool.connect();
    try {
      const lane = new Lane(client);
      await expect(lane.raw(sql`SELECT * FROM "NoSuchTable"`)).rejects.toThrow(/NoSuchTable/);
      await expect(lane.raw(sql`SELECT 1/0`)).rejects.toThrow(/division by zero/);
      expect(await lane.raw(sql`SELECT 'still here'`)).toEqual([["still here"]]);
      // a statement with parameters is refused before it is sent
      expect(() => lane.raw(sql`SELECT ${1}::int`)).toThrow(/no parameters/);
      expect(await lane.raw(sql`SELECT 2`)).toEqual([["2"]]);
    } finally {
      client.release();
    }
  });

  it("rejects when the connection dies mid-statement", async () => {
    const client = await pool.connect();
    const killer = await pool.connect();
    // the pool would otherwise report the dead client's error event as unhandled
    client.on("error", () => {});
    try {
      const pid = (await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]?.pid;
      const reading = new Lane(client).raw(sql`SELECT pg_sleep(5)`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await killer.query("SELECT pg_terminate_backend($1)", [pid]);
      await expect(reading).rejects.toThrow(/terminat/);
    } finally {
      killer.release();
      client.release(true);
    }
  });
});
