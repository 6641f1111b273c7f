import { openConversation, preflightOpening } from "@/lib/arena";
import { parseCohort } from "@/lib/cohorts";
import { getDb } from "@/lib/db";
import { InvalidInput } from "@/lib/errors";
import { handle, ipHashFrom, readAdmittedUpload, requireVisitorId, uploadFormLimits } from "@/lib/http";

export const dynamic = "force-dynamic";

const MODES = ["battle", "side_by_side", "direct"] as const;

/**
 * Opens a battle (or a named side-by-side, or a direct chat) from a multipart form: prompt, images, mode. What can
 * be refused without the body is refused first (admission, the visitor's standing and limits); the body is then
 * read as a stream, each image under its own cap.
 */
export function POST(request: Request) {
  return handle(async () => {
    const visitorId = requireVisitorId(request);
    const db = getDb();
    const ipHash = ipHashFrom(request);
    return readAdmittedUpload(
      request,
      visitorId,
      () => preflightOpening(db, { visitorId, ipHash }),
      () => uploadFormLimits(),
      async ({ fields, uploads }) => {
        const text = (key: string) => fields.get(key) || undefined;
        const mode = text("mode") ?? "battle";
        if (!MODES.includes(mode as (typeof MODES)[number]))
          throw new InvalidInput("invalid_mode", `unknown mode '${mode}'`);
        const conversation = await openConversation(db, {
          visitorId,
          ipHash,
          mode: mode as (typeof MODES)[number],
          prompt: text("prompt") ?? "",
          uploads,
          presetId: text("presetId"),
          modelA: text("modelA"),
          modelB: text("modelB"),
          withModel: text("withModel"),
          cohort: parseCohort(text("cohort")),
        });
        return Response.json({ id: conversation.id, mode: conversation.mode, turn: 1 }, { status: 201 });
      },
    );
  });
}
