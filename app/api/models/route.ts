import { getPrisma } from "@/lib/db";
import { handle } from "@/lib/http/route";
import { ensureRegistry } from "@/lib/providers";

export const dynamic = "force-dynamic";

/** The models a visitor can pick for direct chat and named side-by-side. */
export function GET() {
  return handle(async () => {
    const prisma = getPrisma();
    await ensureRegistry(prisma);
    const models = await prisma.model.findMany({
      where: { enabled: true },
      orderBy: { displayName: "asc" },
      select: { id: true, displayName: true, organization: true, license: true, vision: true, isDemo: true },
    });
    return Response.json({ models });
  });
}
