// `arena backup --out DIR` and `arena restore DIR`: the database (DATABASE_URL, or the embedded server of this
// folder) and the image store (local folder or S3, as configured), saved together and brought back proven.
import path from "node:path";
import { parseArgs } from "node:util";
import { createBackup, readManifest, restoreBackup } from "../backup";
import { prepareDatabase } from "../db/bootstrap";
import { imageStore } from "../images/store";
import { help } from "./options";
import { progressBar } from "./progress";
import { UsageError } from "./usage";

export const BACKUP_HELP = `usage: arena backup --out DIR

Writes a consistent copy of the database (every table, one snapshot) and of the images into DIR (new or empty),
with manifest.json: rows per table, every image's digest, the schema's migration, the time. Works on the embedded
PostgreSQL and on any external one; needs no pg_dump. ARENA_BACKUP_DIR schedules it in the jobs process.`;

export const RESTORE_HELP = `usage: arena restore DIR

Brings a backup into an empty database (DATABASE_URL, or a fresh ARENA_DATA_DIR's embedded one) and the configured
image store: checks every file's digest first, loads all tables in one transaction at the backup's schema and
compares the row counts with the manifest, writes the images and reads them back, then applies this build's newer
migrations. Refuses a database that holds rows.`;

export async function backupCommand(argv: string[]): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { out: { type: "string" }, help } });
  if (values.help) {
    process.stdout.write(`${BACKUP_HELP}\n`);
    return;
  }
  if (!values.out) throw new UsageError("arena backup needs --out DIR");
  const database = await prepareDatabase();
  const bars = { tables: progressBar("tables"), images: progressBar("images") };
  try {
    const manifest = await createBackup(database.url, {
      outDir: path.resolve(values.out),
      store: imageStore(),
      onProgress: (step, done, total) => bars[step].update(done, total),
    });
    bars.tables.done();
    bars.images.done();
    const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    process.stdout.write(
      `backup of ${rows} rows in ${manifest.tables.length} tables and ${manifest.images.length} images ` +
        `(migration ${manifest.migration}) written to ${values.out} in ${manifest.seconds.toFixed(1)} s\n`,
    );
    if (manifest.missingImages.length) {
      process.stderr.write(
        `warning: ${manifest.missingImages.length} images listed in the database were not in the store: ${manifest.missingImages.slice(0, 5).join(", ")}\n`,
      );
    }
  } finally {
    await database.stop();
  }
}

export async function restoreCommand(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args: argv, options: { help }, allowPositionals: true });
  if (values.help) {
    process.stdout.write(`${RESTORE_HELP}\n`);
    return;
  }
  const dir = positionals[0];
  if (!dir) throw new UsageError("arena restore needs the backup's folder: arena restore DIR");
  const manifest = readManifest(path.resolve(dir));
  // the database at the backup's schema: the tables are loaded as they were, then brought forward
  const database = await prepareDatabase({ migrateUpTo: manifest.migration });
  const bars = { verify: progressBar("checking"), tables: progressBar("tables"), images: progressBar("images") };
  try {
    const result = await restoreBackup(database.url, path.resolve(dir), {
      store: imageStore(),
      onProgress: (step, done, total) => bars[step].update(done, total),
    });
    for (const bar of Object.values(bars)) bar.done();
    process.stdout.write(
      `restored ${result.rows} rows in ${manifest.tables.length} tables and ${result.images} images from the backup of ` +
        `${manifest.createdAt}; every count and digest matches the manifest` +
        `${result.migrated.length ? `; then applied ${result.migrated.length} newer migrations` : ""}\n`,
    );
  } finally {
    await database.stop();
  }
}
