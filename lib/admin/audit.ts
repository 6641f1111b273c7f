// The staff audit trail: every change made from the console (or the CLI) with who, what and when, so a
// leaderboard's history can be explained. Written after the change succeeds; never holds secrets (provider keys are
// never in the database to begin with).
import type { Db } from "../db/context";
import type { Prisma } from "../generated/prisma/client";

export interface Actor {
  id?: string;
  email: string | null;
}

export async function audit(db: Db, actor: Actor | "cli", action: string, target?: string | null, details?: unknown) {
  await db.prisma.auditEntry.create({
    data: {
      actor: actor === "cli" ? "cli" : (actor.email ?? actor.id ?? "unknown"),
      action,
      target: target ?? null,
      details: details === undefined ? undefined : (details as Prisma.InputJsonValue),
    },
  });
}

export async function recentAudit(db: Db, limit = 200) {
  return db.prisma.auditEntry.findMany({ orderBy: { createdAt: "desc" }, take: limit });
}
