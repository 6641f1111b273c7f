// Backups on a schedule, for the jobs process: when ARENA_BACKUP_DIR is set, a backup into a new folder of it every
// ARENA_BACKUP_INTERVAL_H hours, keeping the newest ARENA_BACKUP_KEEP finished ones. Several jobs processes may run:
// an advisory lock lets one of them take each backup, and the age of the newest finished backup (not a timer of
// the process) decides when the next is due, so a restart neither repeats nor skips one.
import fs from "node:fs";
import path from "node:path";
import { withTryLock } from "../db/advisory-lock";
import type { ImageStore } from "../images/store";
import type { Schedule } from "../jobs";
import { createBackup } from "./backup";
import { MANIFEST } from "./manifest";

const PREFIX = "arena-backup-";
/** How often the schedule looks whether a backup is due. */
const LOOK_EVERY_MS = 5 * 60_000;

export interface BackupScheduleOptions {
  connectionString: string;
  dir: string;
  intervalMs: number;
  keep: number;
  store: ImageStore;
}

/** The schedule's backups, newest first: finished (with a manifest) or not, each with the time in its name. */
export function listBackups(dir: string): { name: string; finished: boolean; at: Date }[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.startsWith(PREFIX))
    .map((name) => ({ name, finished: fs.existsSync(path.join(dir, name, MANIFEST)), at: stampTime(name) }))
    .sort((a, b) => b.name.localeCompare(a.name));
}

/** A backup's folder is named by when it was taken (UTC): arena-backup-20261126T120000Z. */
const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
function stampTime(name: string): Date {
  const m = /(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/.exec(name);
  return m ? new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`) : new Date(0);
}

/** Takes a backup when the newest finished one is older than the interval; prunes past `keep`. */
export async function backupIfDue(
  options: BackupScheduleOptions,
  db: Parameters<typeof withTryLock>[0],
  now = new Date(),
): Promise<string | null> {
  return withTryLock(
    db,
    "scheduled-backup",
    async () => {
      const newest = listBackups(options.dir).find((b) => b.finished);
      if (newest && now.getTime() - newest.at.getTime() < options.intervalMs) return null;
      const folder = path.join(options.dir, `${PREFIX}${stamp(now)}`);
      try {
        await createBackup(options.connectionString, { outDir: folder, store: options.store });
      } catch (error) {
        fs.rmSync(folder, { recursive: true, force: true });
        throw error;
      }
      // keep the newest `keep` finished backups; an unfinished one (a process killed mid-backup) goes too
      const all = listBackups(options.dir);
      const finished = all.filter((b) => b.finished);
      for (const old of [...finished.slice(options.keep), ...all.filter((b) => !b.finished)]) {
        fs.rmSync(path.join(options.dir, old.name), { recursive: true, force: true });
      }
      return folder;
    },
    () => null,
  );
}

export function backupSchedule(options: BackupScheduleOptions): Schedule {
  return {
    name: "backups",
    everyMs: Math.min(LOOK_EVERY_MS, options.intervalMs),
    run: async ({ db, log }) => {
      const folder = await backupIfDue(options, db);
      if (folder) log(`backup written to ${folder}`);
    },
  };
}
