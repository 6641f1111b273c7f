// A backup's manifest is read before anything is restored: a tampered one is refused naming the field, before any
// path it names is opened (tests/integration/backup.test.ts restores real backups).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FORMAT, imageFile, MANIFEST, readManifest, tableFile } from "./manifest";
import { listBackups } from "./schedule";
import { quote } from "./tables";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "arena-backup-unit-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const sha = "ab".repeat(32);
const manifest = {
  format: FORMAT,
  createdAt: "2026-12-07T12:00:00Z",
  migration: "20261207180723_drift_checks",
  server: "PostgreSQL 16",
  tables: [{ name: "Vote", columns: ["id"], rows: 1, file: tableFile("Vote"), sha256: sha, bytes: 10 }],
  images: [{ id: sha, sha256: sha, storageKey: `ab/${sha}.png`, mime: "image/png", bytes: 5, file: imageFile(sha) }],
  missingImages: [],
  leftOut: ["_prisma_migrations"],
  seconds: 1,
};

function backupWith(name: string, body: unknown): string {
  const dir = path.join(root, name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, MANIFEST), typeof body === "string" ? body : JSON.stringify(body));
  return dir;
}

describe("a backup's manifest", () => {
  it("reads a sound one", () => {
    expect(readManifest(backupWith("sound", manifest)).tables[0]?.name).toBe("Vote");
    expect(imageFile(sha)).toBe(`images/ab/${sha}`);
  });

  it("refuses a tampered one, naming the field and the value", () => {
    const traversal = { ...manifest, tables: [{ ...manifest.tables[0], file: "../../etc/passwd" }] };
    expect(() => readManifest(backupWith("traversal", traversal))).toThrow(
      /field tables\.0\.file '\.\.\/\.\.\/etc\/passwd'/,
    );
    const image = { ...manifest, images: [{ ...manifest.images[0], storageKey: "../outside.png" }] };
    expect(() => readManifest(backupWith("image", image))).toThrow(/field images\.0\.storageKey/);
    const table = { ...manifest, tables: [{ ...manifest.tables[0], name: 'Vote"; DROP TABLE x; --' }] };
    expect(() => readManifest(backupWith("name", table))).toThrow(/not a table or column name/);
    expect(() => readManifest(backupWith("json", "{not json"))).toThrow(/not JSON/);
    expect(() => readManifest(path.join(root, "missing"))).toThrow(/no manifest\.json/);
  });

  it("lists the schedule's backups newest first, finished or not, and quotes names for SQL", () => {
    const dir = path.join(root, "scheduled");
    backupWith("scheduled/arena-backup-20261206T120000Z", manifest);
    fs.mkdirSync(path.join(dir, "arena-backup-20261207T120000Z"));
    fs.mkdirSync(path.join(dir, "unrelated"));
    expect(listBackups(dir)).toEqual([
      { name: "arena-backup-20261207T120000Z", finished: false, at: new Date("2026-12-07T12:00:00Z") },
      { name: "arena-backup-20261206T120000Z", finished: true, at: new Date("2026-12-06T12:00:00Z") },
    ]);
    expect(listBackups(path.join(root, "nowhere"))).toEqual([]);
    expect(quote('odd"name')).toBe('"odd""name"');
  });
});
