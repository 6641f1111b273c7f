// Everything stored about one visitor (their cookie's id), as they may download it (issue 69, GDPR's right of
// access): the visitor record, every conversation with its messages and images, votes, reactions, reports, and the
// likes they gave. Anonymous battles show their models only once voted, as everywhere else.
import type { Db } from "../db/context";
import { sql } from "../db/sql";

export interface PersonalData {
  visitor: { id: string; createdAt: string; termsAcceptedAt: string | null; termsVersion: string | null } | null;
  conversations: {
    id: string;
    mode: string;
    createdAt: string;
    /** the class's or lab's tag the battle was opened under (lib/cohorts), or null */
    cohort: string | null;
    models: { a: string; b: string | null } | null;
    messages: { turn: number; side: string; role: string; content: string; images: string[]; createdAt: string }[];
    vote: { winner: string; createdAt: string; counted: boolean } | null;
    reactions: { side: string; reason: string; note: string | null }[];
    reports: {
      side: string | null;
      turn: number | null;
      reason: string | null;
      note: string | null;
      createdAt: string;
    }[];
  }[];
  likes: { conversationId: string; createdAt: string }[];
  /** every image of these conversations, by hash (the archive holds their files) */
  images: { sha256: string; mime: string; storageKey: string; banned: boolean }[];
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The data of this browser's visitor; with none (a signed-in person without the cookie), nothing. */
export async function personalData(db: Db, visitorId: string | null): Promise<PersonalData> {
  if (!visitorId) return { visitor: null, conversations: [], likes: [], images: [] };
  const visitor = await db.prisma.visitor.findUnique({ where: { id: visitorId } });
  const conversations = await db.prisma.conversation.findMany({
    where: { visitorId },
    orderBy: { createdAt: "asc" },
    include: {
      messages: { orderBy: [{ turn: "asc" }, { createdAt: "asc" }], include: { images: true } },
      vote: { include: { reactions: true } },
    },
  });
  const ids = conversations.map((c) => c.id);
  const reports = ids.length
    ? await db.prisma.moderationFlag.findMany({ where: { conversationId: { in: ids }, source: "answer_report" } })
    : [];
  const { rows: likes } = await db.pool.query<{ conversationId: string; createdAt: Date }>(
    sql`SELECT "conversationId", "createdAt" FROM "GalleryLike" WHERE "visitorId" = ${visitorId} ORDER BY "createdAt"`,
  );
  const hashes = [
    ...new Set(conversations.flatMap((c) => c.messages.flatMap((m) => m.images.map((i) => i.imageSha256)))),
  ];
  const stored = hashes.length
    ? await db.prisma.image.findMany({
        where: { sha256: { in: hashes } },
        select: { sha256: true, mime: true, storageKey: true, moderationStatus: true },
      })
    : [];
  const images = stored.map(({ moderationStatus, ...image }) => ({ ...image, banned: moderationStatus === "banned" }));
  return {
    visitor: visitor
      ? {
          id: visitor.id,
          createdAt: visitor.createdAt.toISOString(),
          termsAcceptedAt: iso(visitor.termsAcceptedAt),
          termsVersion: visitor.termsVersion,
        }
      : null,
    conversations: conversations.map((c) => ({
      id: c.id,
      mode: c.mode,
      createdAt: c.createdAt.toISOString(),
      cohort: c.cohort,
      models: c.mode !== "battle" || c.vote ? { a: c.modelAId, b: c.modelBId } : null,
      messages: c.messages
        .filter((m) => !m.superseded || m.role === "assistant")
        .map((m) => ({
          turn: m.turn,
          side: m.side,
          role: m.role,
          content: m.content,
          images: [...m.images].sort((x, y) => x.position - y.position).map((i) => i.imageSha256),
          createdAt: m.createdAt.toISOString(),
        })),
      vote: c.vote
        ? { winner: c.vote.winner, createdAt: c.vote.createdAt.toISOString(), counted: c.vote.counted }
        : null,
      reactions: (c.vote?.reactions ?? []).map((r) => ({ side: r.side, reason: r.reason, note: r.note })),
      reports: reports
        .filter((r) => r.conversationId === c.id)
        .map((r) => ({
          side: r.side,
          turn: r.turn,
          reason: r.reportReason,
          note: r.note,
          createdAt: r.createdAt.toISOString(),
        })),
    })),
    likes: likes.map((l) => ({ conversationId: l.conversationId, createdAt: l.createdAt.toISOString() })),
    images,
  };
}
