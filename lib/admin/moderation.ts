// The moderation desk: prompts and images a check flagged, and answers visitors reported, waiting for an admin.
//
// A flagged prompt or image: Release puts the conversation (or image) back in good standing; Ban keeps it out of
// every export and share link, blocks the image's hash from new uploads, and bans the visitor who sent it.
//
// A reported answer is about what a model wrote, so the actions act on the answer and its battle: Dismiss (nothing
// was wrong), Mark (the answer is shown as marked on share pages; a confirmed "says which model it is" also makes
// the vote non-anonymous, so it leaves the anonymous board), Exclude (the battle leaves the board, exports and
// share pages). Banning the visitor who asked is a separate action, for a prompt written to provoke the answer.

import { ANSWER_REPORT, REPORT_REASONS, type ReportReason } from "../arena/reports";
import type { Db } from "../db/context";
import { Conflict, InvalidInput, NotFound } from "../errors";
import type { Prisma } from "../generated/prisma/client";

export const FLAG_ACTIONS = ["release", "ban"] as const;
export const REPORT_ACTIONS = ["dismiss", "mark", "exclude", "ban-asker"] as const;
export type ReviewAction = (typeof FLAG_ACTIONS)[number] | (typeof REPORT_ACTIONS)[number];

/** What staff read for a flag's source: never the raw code. */
const SOURCE_LABELS: Record<string, string> = {
  [ANSWER_REPORT]: "Reported answer",
  moderation: "Content filter",
  blocklist: "Blocked words",
  "openai-moderation": "OpenAI moderation",
  "nsfw-classifier": "Image check (local classifier)",
  "image-check": "Image check",
};

export const sourceLabel = (source: string): string =>
  SOURCE_LABELS[source] ?? source.replace(/[_-]+/g, " ").replace(/^./, (c) => c.toUpperCase());

interface AnswerView {
  side: "a" | "b";
  model: { id: string; displayName: string } | null;
  text: string | null;
  mark: string | null;
}

export interface ReportView {
  side: "a" | "b";
  turn: number;
  reason: string;
  reasonLabel: string;
  note: string | null;
  model: { id: string; displayName: string } | null;
  /** the answer as the visitor saw it (the shown version of that turn) */
  answer: AnswerView;
  /** the other side's answer of the same turn, for contrast (null in a one-model chat) */
  other: AnswerView | null;
}

const conversationInclude = {
  conversation: {
    select: {
      id: true,
      mode: true,
      visitorId: true,
      createdAt: true,
      moderationStatus: true,
      modelA: { select: { id: true, displayName: true } },
      modelB: { select: { id: true, displayName: true } },
      messages: {
        where: { superseded: false },
        orderBy: [{ turn: "asc" }, { side: "asc" }, { createdAt: "asc" }],
        select: {
          turn: true,
          side: true,
          role: true,
          content: true,
          moderatorMark: true,
          images: { select: { imageSha256: true } },
        },
      },
    },
  },
} satisfies Prisma.ModerationFlagInclude;

type FlagRow = Prisma.ModerationFlagGetPayload<{ include: typeof conversationInclude }>;

function reportView(flag: FlagRow): ReportView | null {
  if (flag.source !== ANSWER_REPORT || !flag.side || !flag.conversation) return null;
  const { conversation } = flag;
  const turn = flag.turn ?? 1;
  const answerOf = (side: "a" | "b"): AnswerView => {
    const message = conversation.messages.find((m) => m.role === "assistant" && m.side === side && m.turn === turn);
    const model = side === "a" ? conversation.modelA : conversation.modelB;
    return { side, model, text: message?.content ?? null, mark: message?.moderatorMark ?? null };
  };
  const otherSide = flag.side === "a" ? "b" : "a";
  const reason = (flag.reportReason ?? "other") as ReportReason;
  return {
    side: flag.side,
    turn,
    reason,
    reasonLabel: REPORT_REASONS[reason] ?? reason,
    note: flag.note,
    model: (flag.side === "a" ? conversation.modelA : conversation.modelB) ?? null,
    answer: answerOf(flag.side),
    other: (otherSide === "a" ? conversation.modelA : conversation.modelB) ? answerOf(otherSide) : null,
  };
}

export async function moderationQueue(
  db: Db,
  options: { status?: "flagged" | "released" | "banned" | "all"; modelId?: string; limit?: number } = {},
) {
  const status = options.status ?? "flagged";
  const flags = await db.prisma.moderationFlag.findMany({
    where: {
      ...(status === "all" ? {} : { status }),
      ...(options.modelId ? { modelId: options.modelId, source: ANSWER_REPORT } : {}),
    },
    orderBy: { createdAt: status === "flagged" ? "asc" : "desc" },
    take: options.limit ?? 100,
    include: conversationInclude,
  });
  return flags.map((flag) => {
    const seen = new Set<number>();
    // in a battle the prompt is stored once per side; show it once
    const prompts = (flag.conversation?.messages ?? []).filter(
      (m) => m.role === "user" && !seen.has(m.turn) && seen.add(m.turn),
    );
    return {
      id: flag.id,
      status: flag.status,
      resolution: flag.resolution,
      source: flag.source,
      sourceLabel: sourceLabel(flag.source),
      reason: flag.reason,
      createdAt: flag.createdAt,
      reviewedBy: flag.reviewedBy,
      reviewedAt: flag.reviewedAt,
      imageSha256: flag.imageSha256,
      report: reportView(flag),
      conversation: flag.conversation
        ? {
            id: flag.conversation.id,
            mode: flag.conversation.mode,
            visitorId: flag.conversation.visitorId,
            moderationStatus: flag.conversation.moderationStatus,
            prompts: prompts.map((m) => ({
              turn: m.turn,
              text: m.content,
              images: m.images.map((i) => i.imageSha256),
            })),
          }
        : null,
    };
  });
}

export type QueueItem = Awaited<ReturnType<typeof moderationQueue>>[number];

const DESK_STATUSES = ["flagged", "all"] as const;

/** The desk's page: what is waiting (or everything, newest first), of one model's answers or of all. */
export async function moderationDesk(db: Db, query: { status?: string; model?: string }) {
  const status = (DESK_STATUSES as readonly string[]).includes(query.status ?? "")
    ? (query.status as (typeof DESK_STATUSES)[number])
    : "flagged";
  const model = query.model
    ? await db.prisma.model.findUnique({ where: { id: query.model }, select: { id: true, displayName: true } })
    : null;
  const flags = await moderationQueue(db, { status, modelId: model?.id });
  return { status, model, flags };
}

/** Reports waiting for review, per model (for the models console). */
export async function openReportsByModel(db: Db): Promise<Map<string, number>> {
  const rows = await db.prisma.moderationFlag.groupBy({
    by: ["modelId"],
    where: { source: ANSWER_REPORT, status: "flagged", modelId: { not: null } },
    _count: { _all: true },
  });
  return new Map(rows.map((r) => [r.modelId as string, r._count._all]));
}

type Tx = Prisma.TransactionClient;

async function banVisitor(tx: Tx, visitorId: string | null | undefined, reason: string) {
  if (!visitorId) return;
  await tx.visitor.updateMany({
    where: { id: visitorId, bannedAt: null },
    data: { bannedAt: new Date(), banReason: `moderation: ${reason}` },
  });
}

/** A reported answer's review: acts on the answer and its battle; the asker only when asked to. */
async function reviewReport(tx: Tx, flag: FlagRow, action: ReviewAction): Promise<{ status: "released" | "banned" }> {
  if (!(REPORT_ACTIONS as readonly string[]).includes(action)) {
    throw new InvalidInput(
      "not_for_reports",
      "a reported answer is dismissed, marked or excluded; banning the asker is its own action",
    );
  }
  const conversationId = flag.conversationId as string;
  if (action === "dismiss") return { status: "released" };
  if (action === "mark") {
    const reason = REPORT_REASONS[(flag.reportReason ?? "other") as ReportReason] ?? "reported";
    await tx.message.updateMany({
      where: { conversationId, side: flag.side ?? "a", turn: flag.turn ?? 1, role: "assistant", superseded: false },
      data: { moderatorMark: reason },
    });
    if (flag.reportReason === "identity") {
      // confirmed: the answer named its model, so the vote was not blind (as the automatic check would have said)
      await tx.$executeRaw`
        UPDATE "Vote" SET anonymous = false,
               "exclusionReasons" = array_append(array_remove("exclusionReasons", 'identity_leak'), 'identity_leak')
         WHERE "conversationId" = ${conversationId}::uuid`;
    }
    return { status: "released" };
  }
  await tx.conversation.update({
    where: { id: conversationId },
    data: { moderationStatus: "banned", moderationReason: `reported answer: ${flag.reason}` },
  });
  if (action === "ban-asker") await banVisitor(tx, flag.conversation?.visitorId, `asked for ${flag.reason}`);
  return { status: "banned" };
}

const RESOLUTIONS: Record<ReviewAction, string> = {
  release: "released",
  ban: "banned",
  dismiss: "dismissed",
  mark: "marked",
  exclude: "excluded",
  "ban-asker": "asker_banned",
};

export async function reviewFlag(db: Db, flagId: string, action: ReviewAction, reviewer: string) {
  return db.prisma.$transaction(async (tx) => {
    const flag = await tx.moderationFlag.findUnique({ where: { id: flagId }, include: conversationInclude });
    if (!flag) throw new NotFound("unknown_flag", "no such moderation flag");
    if (flag.status !== "flagged") throw new Conflict("already_reviewed", `this flag was already ${flag.status}`);
    const resolution = RESOLUTIONS[action];
    if (flag.source === ANSWER_REPORT && flag.conversationId) {
      const { status } = await reviewReport(tx, flag, action);
      await tx.moderationFlag.update({
        where: { id: flagId },
        data: { status, resolution, reviewedBy: reviewer, reviewedAt: new Date() },
      });
      return { id: flagId, status, resolution };
    }
    if (!(FLAG_ACTIONS as readonly string[]).includes(action)) {
      throw new InvalidInput("not_for_flags", "a flagged prompt or image is released or banned");
    }
    const status = action === "release" ? "released" : "banned";
    await tx.moderationFlag.update({
      where: { id: flagId },
      data: { status, resolution, reviewedBy: reviewer, reviewedAt: new Date() },
    });
    if (flag.conversation) {
      await tx.conversation.update({ where: { id: flag.conversation.id }, data: { moderationStatus: status } });
    }
    const images = new Set<string>(flag.imageSha256 ? [flag.imageSha256] : []);
    if (action === "ban")
      for (const m of flag.conversation?.messages ?? []) for (const i of m.images) images.add(i.imageSha256);
    if (images.size)
      await tx.image.updateMany({ where: { sha256: { in: [...images] } }, data: { moderationStatus: status } });
    // a banned image leaves with every battle and chat that carries it, whoever uploaded it: exports, archives,
    // share pages and the next snapshot all leave out banned conversations
    if (action === "ban" && images.size) {
      await tx.$executeRaw`
        UPDATE "Conversation" SET "moderationStatus" = 'banned',
               "moderationReason" = coalesce("moderationReason", 'carries a banned image')
         WHERE "moderationStatus" IN ('clear', 'released')
           AND id IN (SELECT m."conversationId" FROM "Message" m JOIN "MessageImage" mi ON mi."messageId" = m.id
                       WHERE mi."imageSha256" = ANY(${[...images]}::text[]))`;
    }
    if (action === "ban") await banVisitor(tx, flag.conversation?.visitorId, flag.reason);
    return { id: flagId, status, resolution };
  });
}
