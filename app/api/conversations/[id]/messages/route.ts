import { z } from "zod";
import { addFollowUp, preflightFollowUp, type Upload } from "@/lib/arena";
import { getDb } from "@/lib/db";
import { handle, ipHashFrom, readAdmittedUpload, readJson, requireVisitorId, uploadFormLimits } from "@/lib/http";

export const dynamic = "force-dynamic";

const body = z.object({ prompt: z.string() });

/**
 * A follow-up prompt for every side of the conversation: JSON `{prompt}`, or a multipart form (prompt, images)
 * when it brings new images. A form is admitted and the conversation checked before its body is read.
 */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handle(async () => {
    const visitorId = requireVisitorId(request);
    const db = getDb();
    const ipHash = ipHashFrom(request);
    const { id: conversationId } = await params;
    const multipart = (request.headers.get("content-type") ?? "").startsWith("multipart/form-data");
    if (!multipart) {
      const { prompt } = await readJson(request, body);
      return Response.json(await addFollowUp(db, { conversationId, visitorId, ipHash, prompt }), { status: 201 });
    }
    return readAdmittedUpload(
      request,
      visitorId,
      // checked again by addFollowUp once the body is in: the conversation may change while its images arrive
      () => preflightFollowUp(db, { conversationId, visitorId, ipHash }),
      ({ imageRefusal }) => ({ ...uploadFormLimits(), noFiles: imageRefusal }),
      async ({ fields, uploads }) => {
        const prompt = fields.get("prompt") ?? "";
        const result = await addFollowUp(db, {
          conversationId,
          visitorId,
          ipHash,
          prompt,
          uploads: uploads as Upload[],
        });
        return Response.json(result, { status: 201 });
      },
    );
  });
}
