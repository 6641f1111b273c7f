import { z } from "zod";
import { audit } from "@/lib/admin";
import { requireRole } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { handle, readJson } from "@/lib/http";
import { allSettings, SETTINGS, type SettingKey, writeSetting } from "@/lib/settings";

export const dynamic = "force-dynamic";

export function GET() {
  return handle(async () => {
    await requireRole("admin");
    return Response.json({ settings: await allSettings(getDb()) });
  });
}

const body = z
  .object({ key: z.enum(Object.keys(SETTINGS) as [SettingKey, ...SettingKey[]]), value: z.unknown() })
  .superRefine((input, ctx) => {
    if (input.value === null) return;
    const parsed = SETTINGS[input.key].schema.safeParse(input.value);
    if (!parsed.success)
      ctx.addIssue({ code: "custom", path: ["value"], message: parsed.error.issues[0]?.message ?? "invalid" });
  });

/** Sets one value; `null` goes back to the environment's default. */
export function PUT(request: Request) {
  return handle(async () => {
    const admin = await requireRole("admin");
    const { key, value } = await readJson(request, body);
    const db = getDb();
    await writeSetting(db, key, value as never);
    await audit(db, admin, "setting.write", key, { value });
    return Response.json({ settings: await allSettings(db) });
  });
}
