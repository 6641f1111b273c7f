import { z } from "zod";
import { signedInUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { Forbidden } from "@/lib/errors";
import { expiredVisitorCookie, handle, readJson, visitorIdFrom } from "@/lib/http";
import { type DataSubject, deleteAccount, deletePersonalData, personalArchive } from "@/lib/privacy";

export const dynamic = "force-dynamic";

/** Whose data a request asks for: this browser's visitor (the cookie), the signed-in account, or both. */
async function subjectOf(request: Request): Promise<DataSubject> {
  const visitorId = visitorIdFrom(request);
  const userId = (await signedInUser())?.id ?? null;
  // as every visitor route: no cookie yet is the terms not accepted yet (nothing is stored about this browser)
  if (!visitorId && !userId) throw new Forbidden("terms_required", "please accept the terms of use first");
  return { visitorId, userId };
}

/** Everything stored about this browser's visitor and the signed-in account, as one zip (lib/privacy). */
export function GET(request: Request) {
  return handle(async () => {
    return new Response(await personalArchive(getDb(), await subjectOf(request)), {
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

/** Deletes it all, the account (an admin's is refused first, 409) and the cookie: what it removed, in counts. */
export function DELETE(request: Request) {
  return handle(async () => {
    const { visitorId, userId } = await subjectOf(request);
    await readJson(request, confirmation);
    const db = getDb();
    const account = userId ? await deleteAccount(db, userId) : false;
    const deleted = visitorId
      ? await deletePersonalData(db, visitorId)
      : { conversations: 0, votes: 0, likes: 0, images: 0 };
    return Response.json(
      { deleted: { ...deleted, account } },
      { headers: visitorId ? { "Set-Cookie": expiredVisitorCookie(request) } : {} },
    );
  });
}
