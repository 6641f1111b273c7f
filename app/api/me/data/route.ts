import { z } from "zod";
import { getDb } from "@/lib/db";
import { expiredVisitorCookie, handle, readJson, requireVisitorId } from "@/lib/http";
import { deletePersonalData, personalArchive } from "@/lib/privacy";

export const dynamic = "force-dynamic";

/** Everything stored about this browser's visitor, as one zip (lib/privacy). */
export function GET(request: Request) {
  return handle(async () => {
    const visitorId = requireVisitorId(request);
    return new Response(await personalArchive(getDb(), visitorId), {
      headers: {
        "Content-Type": "application/zip",
        "Content-Disposition": 'attachment; filename="vision-arena-my-data.zip"',
        "Cache-Control": "private, no-store",
      },
    });
  });
}

/** What a deletion must say: nothing is deleted by a stray DELETE (an empty or malformed body is a 400). */
const confirmation = z.object({ confirm: z.literal("delete everything") }).strict();

/** Deletes it all, and the cookie: what it removed, in counts. */
export function DELETE(request: Request) {
  return handle(async () => {
    const visitorId = requireVisitorId(request);
    await readJson(request, confirmation);
    const deleted = await deletePersonalData(getDb(), visitorId);
    return Response.json({ deleted }, { headers: { "Set-Cookie": expiredVisitorCookie(request) } });
  });
}
