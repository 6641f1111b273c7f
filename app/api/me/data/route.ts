import { getDb } from "@/lib/db";
import { expiredVisitorCookie, handle, requireVisitorId } from "@/lib/http";
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

/** Deletes it all, and the cookie: what it removed, in counts. */
export function DELETE(request: Request) {
  return handle(async () => {
    const deleted = await deletePersonalData(getDb(), requireVisitorId(request));
    return Response.json({ deleted }, { headers: { "Set-Cookie": expiredVisitorCookie(request) } });
  });
}
