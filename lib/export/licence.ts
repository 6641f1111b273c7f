// The licence text printed in every datasheet: set by the admins (Setting `export.licence`), or ARENA_DATA_LICENCE.
import { type Config, config } from "../config";
import type { Db } from "../db/context";
import { readSetting } from "../settings/settings";

export const LICENCE_SETTING = "export.licence" as const;

export async function exportLicence(db: Db, c: Config = config()) {
  return (await readSetting(db, LICENCE_SETTING, c)) || undefined;
}
