// An arena for one integration test file: a scratch database with every migration, a fake model server with the
// given replies, a models file naming each model `<id>` served as `<id>-vl`, the arena's environment pointed at
// them, and a database handle. `close` undoes all of it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Behaviour } from "../../e2e/fake-models/behaviour";
import { writeFakeModelsFile } from "../../e2e/fake-models/models-file";
import { type FakeModelServer, startFakeModelServer } from "../../e2e/fake-models/server";
import { closeDb, createDb, type Db } from "../../lib/db";
import { migratedScratchDatabase } from "./db-admin";

export interface ArenaFixture {
  db: Db;
  /** the scratch database's address */
  url: string;
  fake: FakeModelServer;
  dataDir: string;
  close(): Promise<void>;
}

/** `replies`: the answer of each model id; display names are the ids in capitals. */
export async function startArena(name: string, replies: Record<string, string>): Promise<ArenaFixture> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `arena-${name}-`));
  const { url, drop } = await migratedScratchDatabase();
  const models: Record<string, Behaviour> = {};
  for (const [id, reply] of Object.entries(replies)) models[`${id}-vl`] = { reply, tokenDelayMs: 0 };
  const fake = await startFakeModelServer({ models });
  const modelsFile = writeFakeModelsFile(
    dataDir,
    fake.baseURL,
    Object.keys(replies).map((id) => ({ id, model: `${id}-vl`, displayName: id.toUpperCase() })),
  );
  Object.assign(process.env, {
    ARENA_MODELS_FILE: modelsFile,
    ARENA_DATA_DIR: dataDir,
    ARENA_SECRET: `${name}-secret-0123456789`,
    ARENA_RATE_VISITOR_PER_HOUR: "1000",
    ARENA_RATE_IP_PER_HOUR: "1000",
  });
  const db = createDb(url);
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
    },
  };
}
