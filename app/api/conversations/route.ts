import { openConversation } from "@/lib/arena";
import { getDb } from "@/lib/db";
import { InvalidInput } from "@/lib/errors";
import { formUploads, handle, ipHashFrom, readFormLimited, requireVisitorId, uploadCeiling } from "@/lib/http";

export const dynamic = "force-dynamic";

const MODES = ["battle", "side_by_side", "direct"] as const;

/** Opens a battle (or a named side-by-side, or a direct chat) from a multipart form: prompt, images, mode. */
export function POST(request: Request) {
  return handle(async () => {
    const visitorId = requireVisitorId(request);
    // the same ceiling the front door applies to declared sizes, here for bodies sent chunked
    const form = await readFormLimited(request, uploadCeiling());
    const mode = String(form.get("mode") ?? "battle");
    if (!MODES.includes(mode as (typeof MODES)[number]))
      throw new InvalidInput("invalid_mode", `unknown mode '${mode}'`);
    const uploads = await formUploads(form);
    const text = (key: string) => {
      const value = form.get(key);
      return typeof value === "string" && value ? value : undefined;
    };
    const conversation = await openConversation(getDb(), {
      visitorId,
      ipHash: ipHashFrom(request),
      mode: mode as (typeof MODES)[number],
      prompt: text("prompt") ?? "",
      uploads,
      presetId: text("presetId"),
      modelA: text("modelA"),
      modelB: text("modelB"),
      withModel: text("withModel"),
    });
    return Response.json({ id: conversation.id, mode: conversation.mode, turn: 1 }, { status: 201 });
  });
}
