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

/** A scratch database, a fake model server, a models file, the environment pointed at them (ARENA_MODELS_FILE,
 *  ARENA_DATA_DIR, DATABASE_URL) and a database handle; `close` undoes all of it, the environment included. */
export async function startFixture(name: string, options: FixtureOptions): Promise<ArenaFixture> {
  const saved = { ...process.env };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `arena-${name}-`));
  const { url, drop } = await migratedScratchDatabase();
  const fake = await startFakeModelServer({ models: options.behaviours });
  const modelsFile = writeFakeModelsFile(dataDir, fake.baseURL, options.entries);
  Object.assign(
    process.env,
    { ARENA_MODELS_FILE: modelsFile, ARENA_DATA_DIR: dataDir, DATABASE_URL: url },
    options.env,
  );
  const db = createDb(url);
  if (options.sync) await syncRegistry(db.prisma, loadModelsConfig().config);
  return {
    db,
    url,
    fake,
    dataDir,
    async close() {
      await closeDb(db);
      await fake.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.env = saved;
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
