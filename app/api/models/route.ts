import { getPrisma } from "@/lib/db";
import { handle } from "@/lib/http";
import { pickableModels } from "@/lib/providers";

export const dynamic = "force-dynamic";

/** The models a visitor can pick for direct chat and named side-by-side. */
export function GET() {
  return handle(async () => Response.json({ models: await pickableModels(getPrisma()) }));
}
