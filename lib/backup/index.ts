// lib/backup: consistent backups of the database and the images without pg_dump, restores that prove themselves,
// and the jobs process's schedule with retention.
export { createBackup } from "./backup";
export { type Manifest, readManifest } from "./manifest";
export { type RestoreResult, restoreBackup } from "./restore";
export { backupIfDue, backupSchedule, listBackups } from "./schedule";
export { BackupError } from "./tables";
