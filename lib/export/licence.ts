// The licence text printed in every datasheet: set by the admins (Setting `export.licence`), or ARENA_DATA_LICENCE.
import type { Db } from "../db/context";
import { readSetting } from "../settings/settings";

export const LICENCE_SETTING = "export.licence" as const;

export async function exportLicence(db: Db, env: Record<string, string | undefined> = process.env) {
  return (await readSetting(db, LICENCE_SETTING, env)) || undefined;
}
