// Technical notes (tokenizers, embedders, solver warnings, provider ids) are for the people who run the arena or
// study its data: shown behind "Technical details" to researchers and admins, and not rendered at all for visitors.
import type { ReactNode } from "react";
import { signedInUser } from "@/lib/auth/session";

export async function StaffDetails({ children }: { children: ReactNode }) {
  const user = await signedInUser();
  if (!user || (user.role !== "admin" && user.role !== "researcher")) return null;
  return (
    <details className="text-xs muted" data-testid="staff-details">
      <summary className="cursor-pointer">Technical details</summary>
      <div className="mt-1 space-y-1">{children}</div>
    </details>
  );
}
