import { getDb } from "@/lib/db";
import { boardsArchive } from "@/lib/export";
import { handle } from "@/lib/http";

export const dynamic = "force-dynamic";

/**
 * The boards as citable data, one zip: every published board over time in the layout of LMArena's leaderboard
 * dataset (Parquet and CSV, `latest` and `full`), the models' ground-truth results as `.eval_results` files, and a
 * README with the licence, citation and as-of date (what `arena export --boards` writes). Built at most every ten minutes.
 */
export function GET() {
  return handle(async () => {
    const { bytes, filename } = await boardsArchive(getDb());
    return new Response(bytes, {
      headers: {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="${filename}"`,
        "Cache-Control": "public, max-age=300",
      },
    });
  });
}
