import { checkHealth, getPrisma } from "@/lib/db";

export const dynamic = "force-dynamic";

export async function GET() {
  const health = await checkHealth(getPrisma());
  return Response.json(health, {
    status: health.status === "ok" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
