import { offeredPresets } from "@/lib/arena";
import { getDb } from "@/lib/db";
import { handle } from "@/lib/http";

export const dynamic = "force-dynamic";

/** The images the Random image button draws from: the bundled bank, and benchmark items when enabled. */
export function GET() {
  return handle(async () =>
    Response.json(await offeredPresets(getDb()), { headers: { "Cache-Control": "public, max-age=60" } }),
  );
}
