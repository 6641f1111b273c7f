// A backup's manifest (manifest.json, written last: a folder without one is an unfinished backup): when, from which
// schema, and what it holds, table by table and image by image, with the digest of every file, so a restore can
// prove it brought back exactly this.
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { isStorageKeyOf, STORAGE_KEY_SHAPE } from "../images/storage-key";
import { BackupError } from "./tables";

export const MANIFEST = "manifest.json";
export const FORMAT = "vision-arena-backup/1";

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
/**
 * A manifest is read as untrusted input: names are identifiers, and every file is where a backup puts it (a table's
 * COPY file, an image under its digest), so no name read here can reach outside the backup's folder or the store.
 */
const identifier = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/, "not a table or column name");
export const tableFile = (name: string) => `tables/${name}.copy.gz`;
export const imageFile = (id: string) => `images/${id.slice(0, 2)}/${id}`;

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  createdAt: z.string(),
  /** the last migration applied to the database the backup was taken from */
  migration: z.string(),
  server: z.string(),
  tables: z.array(
    z
      .object({
        name: identifier,
        columns: z.array(identifier).min(1),
        rows: z.number().int().min(0),
        file: z.string(),
        sha256,
        bytes: z.number().int().min(0),
      })
      .refine((t) => t.file === tableFile(t.name), {
        path: ["file"],
        message: "not where a backup keeps this table (tables/<name>.copy.gz)",
      }),
  ),
  images: z.array(
    z
      .object({
        /** the Image row's key (the picture's digest) */
        id: sha256,
        /** the digest of the bytes as stored */
        sha256,
        storageKey: z.string(),
        mime: z.enum(["image/png", "image/jpeg", "image/webp"]),
        bytes: z.number().int().min(0),
        file: z.string(),
      })
      .refine((i) => i.file === imageFile(i.id), {
        path: ["file"],
        message: "not where a backup keeps this image (images/<2 hex>/<id>)",
      })
      .refine((i) => isStorageKeyOf(i.storageKey, i.id), {
        path: ["storageKey"],
        message: `not a key of the image store for this image (${STORAGE_KEY_SHAPE})`,
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
    const at = issue?.path.join(".") || "(root)";
    const value = issue?.path.reduce<unknown>((v, key) => (v as Record<PropertyKey, unknown>)?.[key], raw);
    const shown = typeof value === "string" ? ` '${value.slice(0, 120)}'` : "";
    throw new BackupError(`${file}: field ${at}${shown}: ${issue?.message}`);
  }
  return parsed.data;
}
