import Link from "next/link";
import { signOutAction } from "@/lib/auth/session";

// 403: signed in, but without the role this page needs.
export default function Forbidden() {
  return (
    <div className="mx-auto max-w-md space-y-3 text-center">
      <h1 className="text-xl font-semibold">No access</h1>
      <p className="text-sm muted">
        Your account does not have the role this page needs. Ask an admin to invite or promote you.
      </p>
      <div className="flex justify-center gap-3">
        <Link href="/" className="btn-secondary">
          Back to the arena
        </Link>
        <form action={signOutAction}>
          <button type="submit" className="btn-secondary">
            Sign out
          </button>
        </form>
      </div>
    </div>
  );
}
