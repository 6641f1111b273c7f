import { reportAnswer, reportInput } from "@/lib/arena";
import { getDb } from "@/lib/db";
import { readJson, visitorRoute } from "@/lib/http";

export const dynamic = "force-dynamic";

/** A visitor reports one side's answer to the moderators. */
export const POST = visitorRoute(async ({ request, id, visitorId }) => {
  const report = await reportAnswer(getDb(), {
    conversationId: id,
    visitorId,
    ...(await readJson(request, reportInput)),
  });
  return Response.json(report, { status: report.created ? 201 : 200 });
});
