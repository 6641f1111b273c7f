// The licence text printed in every datasheet: set by the admins (Setting `export.licence`), or ARENA_DATA_LICENCE.
import type { Db } from "../db/context";

export const LICENCE_SETTING = "export.licence";

export async function exportLicence(db: Db, env: Record<string, string | undefined> = process.env) {
  const setting = await db.prisma.setting.findUnique({ where: { key: LICENCE_SETTING } });
  if (typeof setting?.value === "string" && setting.value.trim()) return setting.value;
  return env.ARENA_DATA_LICENCE?.trim() || undefined;
}
