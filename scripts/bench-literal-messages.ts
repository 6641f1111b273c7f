// npm run bench:messages: what sending the vote's statements as one simple-protocol message with literals saves
// over sending them as parameterised statements, one round trip each (node-postgres' extended protocol). The same
// six statements as castVote's write path (BEGIN, the battle's row lock, the read, the voter's lock, the insert,
// COMMIT) over a scratch table, on a throw-away PostgreSQL, sequentially and 50 at a time. Prints JSON.
import crypto from "node:crypto";
import { startTemporaryPostgres } from "../lib/db/embedded";
import { literals } from "../lib/db/literals";
import { createPool } from "../lib/db/pool";
import { sql } from "../lib/db/sql";

const ROUNDS = Number(process.argv[2] ?? 2000);
const database = await startTemporaryPostgres("arena-bench-messages-pg-");
const pool = createPool(database.url, 60);
await pool.query(sql`CREATE TABLE battle (id uuid PRIMARY KEY, voted boolean NOT NULL DEFAULT false, note text)`);
await pool.query(sql`CREATE TABLE ballot (id uuid PRIMARY KEY, battle uuid NOT NULL, winner text NOT NULL)`);
const ids = Array.from({ length: ROUNDS * 2 }, () => crypto.randomUUID());
await pool.query(sql`INSERT INTO battle (id) SELECT unnest(${ids}::uuid[])`);

/** One vote as one message of six statements with literals (lib/db/literals), one round trip. */
async function literalVote(id: string) {
  const client = await pool.connect();
  try {
    const q = literals(client);
    await client.query(
      `BEGIN;
       SELECT 1 FROM battle WHERE id = ${q.text(id)}::uuid FOR UPDATE;
       SELECT voted, note FROM battle WHERE id = ${q.text(id)}::uuid;
       SELECT pg_advisory_xact_lock(1, hashtext(${q.text(id)}));
       WITH b AS (INSERT INTO ballot (id, battle, winner) VALUES (gen_random_uuid(), ${q.text(id)}::uuid, 'model_a'))
       UPDATE battle SET voted = true WHERE id = ${q.text(id)}::uuid;
       COMMIT`,
    );
  } finally {
    client.release();
  }
}

/** The same six statements, parameterised: one round trip each. */
async function parameterisedVote(id: string) {
  const client = await pool.connect();
  try {
    await client.query(sql`BEGIN`);
    await client.query(sql`SELECT 1 FROM battle WHERE id = ${id}::uuid FOR UPDATE`);
    await client.query(sql`SELECT voted, note FROM battle WHERE id = ${id}::uuid`);
    await client.query(sql`SELECT pg_advisory_xact_lock(1, hashtext(${id}))`);
    await client.query(
      sql`WITH b AS (INSERT INTO ballot (id, battle, winner) VALUES (gen_random_uuid(), ${id}::uuid, 'model_a'))
          UPDATE battle SET voted = true WHERE id = ${id}::uuid`,
    );
    await client.query(sql`COMMIT`);
  } finally {
    client.release();
  }
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
};

async function measure(vote: (id: string) => Promise<void>, battles: string[], concurrency: number) {
  const latencies: number[] = [];
  const cpu = process.cpuUsage();
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < battles.length) {
        const id = battles[next++] as string;
        const t = performance.now();
        await vote(id);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const spent = process.cpuUsage(cpu);
  const seconds = (performance.now() - started) / 1000;
  return {
    votesPerSecond: Math.round(battles.length / seconds),
    latencyMs: { p50: Number(quantile(latencies, 0.5).toFixed(2)), p99: Number(quantile(latencies, 0.99).toFixed(2)) },
    clientCpuMsPerVote: Number(((spent.user + spent.system) / 1000 / battles.length).toFixed(3)),
  };
}

// warm both paths, then each on battles of its own (a battle is voted once)
await measure(literalVote, ids.slice(0, 100), 1);
await measure(parameterisedVote, ids.slice(100, 200), 1);
const half = (ROUNDS - 200) / 2;
const runs: Record<string, unknown> = {};
let at = 200;
for (const concurrency of [1, 50]) {
  const literal = await measure(literalVote, ids.slice(at, at + half / 2), concurrency);
  at += half / 2;
  const parameterised = await measure(parameterisedVote, ids.slice(at, at + half / 2), concurrency);
  at += half / 2;
  runs[`concurrency${concurrency}`] = { literal, parameterised };
}
console.log(JSON.stringify({ statementsPerVote: 6, votesPerPath: half / 2, runs }, null, 2));
await pool.end();
await database.stop();
