import { reportAnswer, reportInput } from "@/lib/arena";
import { getDb } from "@/lib/db";
import { handle, readJson, requireVisitorId } from "@/lib/http";

export const dynamic = "force-dynamic";

/** A visitor reports one side's answer to the moderators. */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handle(async () => {
    const visitorId = requireVisitorId(request);
    const input = await readJson(request, reportInput);
    const { id } = await params;
    const report = await reportAnswer(getDb(), { conversationId: id, visitorId, ...input });
    return Response.json(report, { status: report.created ? 201 : 200 });
  });
}
