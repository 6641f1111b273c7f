import { checkHealth, getPool, getPrisma } from "@/lib/db";

export const dynamic = "force-dynamic";

export async function GET() {
  const health = await checkHealth(getPrisma(), getPool());
  return Response.json(health, {
    status: health.status === "ok" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
