import { z } from "zod";
import { addFollowUp } from "@/lib/arena";
import { getDb } from "@/lib/db";
import {
  formUploads,
  handle,
  ipHashFrom,
  readFormLimited,
  readJson,
  requireVisitorId,
  uploadCeiling,
} from "@/lib/http";

export const dynamic = "force-dynamic";

const body = z.object({ prompt: z.string() });

/**
 * A follow-up prompt for every side of the conversation: JSON `{prompt}`, or a multipart form (prompt, images)
 * when it brings new images.
 */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handle(async () => {
    const visitorId = requireVisitorId(request);
    const multipart = (request.headers.get("content-type") ?? "").startsWith("multipart/form-data");
    let prompt: string;
    let uploads: Awaited<ReturnType<typeof formUploads>> = [];
    if (multipart) {
      const form = await readFormLimited(request, uploadCeiling());
      const value = form.get("prompt");
      prompt = typeof value === "string" ? value : "";
      uploads = await formUploads(form);
    } else {
      ({ prompt } = await readJson(request, body));
    }
    const { id } = await params;
    const result = await addFollowUp(getDb(), {
      conversationId: id,
      visitorId,
      ipHash: ipHashFrom(request),
      prompt,
      uploads,
    });
    return Response.json(result, { status: 201 });
  });
}
