// A backup's manifest (manifest.json, written last: a folder without one is an unfinished backup): when, from which
// schema, and what it holds, table by table and image by image, with the digest of every file, so a restore can
// prove it brought back exactly this.
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { BackupError } from "./tables";

export const MANIFEST = "manifest.json";
export const FORMAT = "vision-arena-backup/1";

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  createdAt: z.string(),
  /** the last migration applied to the database the backup was taken from */
  migration: z.string(),
  server: z.string(),
  tables: z.array(
    z.object({
      name: z.string(),
      columns: z.array(z.string()),
      rows: z.number().int().min(0),
      file: z.string(),
      sha256,
      bytes: z.number().int().min(0),
    }),
  ),
  images: z.array(
    z.object({
      /** the Image row's key */
      id: z.string(),
      /** the digest of the bytes as stored */
      sha256,
      storageKey: z.string(),
      mime: z.string(),
      bytes: z.number().int().min(0),
      file: z.string(),
    }),
  ),
  /** images the Image table lists that the store did not have when the backup was taken */
  missingImages: z.array(z.string()),
  leftOut: z.array(z.string()),
  seconds: z.number(),
});
export type Manifest = z.infer<typeof manifestSchema>;

export function readManifest(dir: string): Manifest {
  const file = path.join(dir, MANIFEST);
  if (!fs.existsSync(file)) {
    throw new BackupError(`${dir} holds no ${MANIFEST}: not a backup, or one that did not finish`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (error) {
    throw new BackupError(`${file}: not JSON (${(error as Error).message})`);
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BackupError(`${file}: field ${issue?.path.join(".") || "(root)"}: ${issue?.message}`);
  }
  return parsed.data;
}
