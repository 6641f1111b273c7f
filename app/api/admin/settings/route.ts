import { z } from "zod";
import { staffRoute } from "@/lib/auth/session";
import { requestRecompute } from "@/lib/leaderboard";
import { allSettings, SETTINGS, type SettingKey, writeSetting } from "@/lib/settings";

export const dynamic = "force-dynamic";

export const GET = staffRoute("admin", async ({ db }) => ({ settings: await allSettings(db) }));

const body = z
  .object({ key: z.enum(Object.keys(SETTINGS) as [SettingKey, ...SettingKey[]]), value: z.unknown() })
  .superRefine((input, ctx) => {
    if (input.value === null) return;
    const parsed = SETTINGS[input.key].schema.safeParse(input.value);
    if (!parsed.success)
      ctx.addIssue({ code: "custom", path: ["value"], message: parsed.error.issues[0]?.message ?? "invalid" });
  });

/** Sets one value; `null` goes back to the environment's default. */
export const PUT = staffRoute("admin", body, async ({ db, input: { key, value }, audit }) => {
  await writeSetting(db, key, value as never);
  await audit("setting.write", key, { value });
  // which votes the boards count changed: the boards follow now, not at the next vote
  if (key === "board.cohortVotes") await requestRecompute();
  return { settings: await allSettings(db) };
});
