// An arena for one integration test file: a scratch database with every migration, a fake model server with the
// given replies, a models file naming each model `<id>` served as `<id>-vl`, the arena's environment pointed at
// them, and a database handle. `close` undoes all of it, the environment included.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Behaviour } from "../../e2e/fake-models/behaviour";
import { type FakeModelEntry, writeFakeModelsFile } from "../../e2e/fake-models/models-file";
import { type FakeModelServer, startFakeModelServer } from "../../e2e/fake-models/server";
import { closeDb, createDb, type Db } from "../../lib/db";
import { loadModelsConfig, syncRegistry } from "../../lib/providers";
import { migratedScratchDatabase } from "./db-admin";

export interface ArenaFixture {
  db: Db;
  /** the scratch database's address */
  url: string;
  fake: FakeModelServer;
  dataDir: string;
  close(): Promise<void>;
}

/** What a test file's world holds: the fake server's models (by the name they are served as), the models file's
 *  entries, the environment beside the fixture's own, and whether the registry is synced now (else on first use). */
export interface FixtureOptions {
  behaviours: Record<string, Behaviour>;
  entries: (string | FakeModelEntry)[];
  env?: Record<string, string>;
  sync?: boolean;
}

/** A scratch database with every migration, a data folder, the environment pointed at them (ARENA_DATA_DIR,
 *  DATABASE_URL and `env`) and a database handle, without any model: `close` undoes it all, the environment too. */
export async function startScratch(
  name: string,
  env: Record<string, string> = {},
): Promise<Omit<ArenaFixture, "fake">> {
  const saved = { ...process.env };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `arena-${name}-`));
  const { url, drop } = await migratedScratchDatabase();
  Object.assign(process.env, { ARENA_DATA_DIR: dataDir, DATABASE_URL: url }, env);
  const db = createDb(url);
  return {
    db,
    url,
    dataDir,
    async close() {
      await closeDb(db);
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.env = saved;
    },
  };
}

/** startScratch, and a fake model server with a models file naming its models (ARENA_MODELS_FILE). */
export async function startFixture(name: string, options: FixtureOptions): Promise<ArenaFixture> {
  const scratch = await startScratch(name, options.env);
  const fake = await startFakeModelServer({ models: options.behaviours });
  process.env.ARENA_MODELS_FILE = writeFakeModelsFile(scratch.dataDir, fake.baseURL, options.entries);
  if (options.sync) await syncRegistry(scratch.db.prisma, loadModelsConfig().config);
  return {
    ...scratch,
    fake,
    async close() {
      await fake.close();
      await scratch.close();
    },
  };
}

/** `replies`: the answer of each model id, served as `<id>-vl`; display names are the ids in capitals. */
export function startArena(name: string, replies: Record<string, string>): Promise<ArenaFixture> {
  const behaviours: Record<string, Behaviour> = {};
  for (const [id, reply] of Object.entries(replies)) behaviours[`${id}-vl`] = { reply, tokenDelayMs: 0 };
  return startFixture(name, {
    behaviours,
    entries: Object.keys(replies).map((id) => ({ id, model: `${id}-vl`, displayName: id.toUpperCase() })),
    env: {
      ARENA_SECRET: `${name}-secret-0123456789`,
      ARENA_RATE_VISITOR_PER_HOUR: "1000",
      ARENA_RATE_IP_PER_HOUR: "1000",
    },
  });
}
