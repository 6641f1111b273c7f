import { signedInUser } from "@/lib/auth/session";
import { handle } from "@/lib/http";

export const dynamic = "force-dynamic";

/** Who is signed in, for the header: the e-mail and role of a staff member, or nobody. Never cached. */
export function GET() {
  return handle(async () => {
    const user = await signedInUser();
    return Response.json(user ? { email: user.email, role: user.role } : {}, {
      headers: { "Cache-Control": "private, no-store" },
    });
  });
}
