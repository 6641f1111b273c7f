// `arena backup`: a consistent copy of the database and the images, with no pg_dump (Debian 12 has none for
// PostgreSQL 17): every table copied with COPY inside one REPEATABLE READ READ ONLY transaction, so all tables are
// the same instant; the Image rows of that instant name the images to copy (images are content-addressed and never
// change, so copying them after the snapshot is still that instant). Streams throughout: memory stays flat.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import { latestMigration } from "../db/migrate";
import { sql } from "../db/sql";
import type { ImageStore } from "../images/store";
import { FORMAT, imageFile, MANIFEST, type Manifest, tableFile } from "./manifest";
import { BackupError, LEFT_OUT, tableSql, tablesInLoadOrder } from "./tables";

export interface BackupOptions {
  /** the folder to write: new, or empty */
  outDir: string;
  store: ImageStore;
  onProgress?: (step: "tables" | "images", done: number, total: number) => void;
}

/** Counts rows (COPY's text format writes one line per row: newlines inside values are escaped) and hashes. */
class RowCounter extends Transform {
  rows = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: () => void) {
    for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) this.rows++;
    this.push(chunk);
    done();
  }
}

/** The digest and size of what is written, so a restore can tell a damaged file from a good one. */
class FileDigest extends Transform {
  bytes = 0;
  readonly hash = crypto.createHash("sha256");
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: () => void) {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    this.push(chunk);
    done();
  }
}

/** Where an image's bytes go in the backup, by its id (the Image row's key). */

export async function createBackup(connectionString: string, options: BackupOptions): Promise<Manifest> {
  const started = Date.now();
  const out = options.outDir;
  if (fs.existsSync(out) && fs.readdirSync(out).length > 0) {
    throw new BackupError(`${out} is not empty: a backup goes into a new or empty folder`);
  }
  fs.mkdirSync(path.join(out, "tables"), { recursive: true });
  const client = new pg.Client({ connectionString });
  await client.connect();
  const tables: Manifest["tables"] = [];
  let images: Pick<Manifest["images"][number], "sha256" | "storageKey" | "mime">[] = [];
  let migration: string | null;
  let server: string;
  try {
    await client.query(sql`BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY`);
    migration = await latestMigration(client);
    if (!migration) throw new BackupError("the database has no migrations applied: nothing to back up");
    server = (await client.query<{ v: string }>(sql`SELECT version() AS v`)).rows[0]?.v ?? "";
    const shapes = await tablesInLoadOrder(client);
    for (const [i, shape] of shapes.entries()) {
      const file = tableFile(shape.name);
      const counter = new RowCounter();
      const digest = new FileDigest();
      await pipeline(
        client.query(copyTo(`COPY ${tableSql(shape)} TO STDOUT`)),
        counter,
        zlib.createGzip({ level: 6 }),
        digest,
        fs.createWriteStream(path.join(out, file)),
      );
      tables.push({
        name: shape.name,
        columns: shape.columns,
        rows: counter.rows,
        file,
        sha256: digest.hash.digest("hex"),
        bytes: digest.bytes,
      });
      options.onProgress?.("tables", i + 1, shapes.length);
    }
    images = (
      await client.query<(typeof images)[number]>(sql`SELECT sha256, "storageKey", mime FROM "Image" ORDER BY sha256`)
    ).rows;
    await client.query(sql`COMMIT`);
  } finally {
    await client.end();
  }

  const copied: Manifest["images"] = [];
  const missingImages: string[] = [];
  for (const [i, image] of images.entries()) {
    const bytes = await options.store.get(image.storageKey);
    if (!bytes) missingImages.push(image.sha256);
    else {
      const file = imageFile(image.sha256);
      fs.mkdirSync(path.join(out, path.dirname(file)), { recursive: true });
      fs.writeFileSync(path.join(out, file), bytes);
      copied.push({
        id: image.sha256,
        sha256: crypto.createHash("sha256").update(bytes).digest("hex"),
        storageKey: image.storageKey,
        mime: image.mime,
        bytes: bytes.length,
        file,
      });
    }
    options.onProgress?.("images", i + 1, images.length);
  }
  const manifest: Manifest = {
    format: FORMAT,
    createdAt: new Date(started).toISOString(),
    migration,
    server,
    tables,
    images: copied,
    missingImages,
    leftOut: [...LEFT_OUT, "schema pgboss (queued jobs)"],
    seconds: (Date.now() - started) / 1000,
  };
  // written last, and by rename: a folder with a manifest is a finished backup
  const temp = path.join(out, `${MANIFEST}.tmp`);
  fs.writeFileSync(temp, `${JSON.stringify(manifest, null, 2)}\n`);
  fs.renameSync(temp, path.join(out, MANIFEST));
  return manifest;
}
