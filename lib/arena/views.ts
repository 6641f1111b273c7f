// What pages show of a conversation. Model identities stay hidden in a battle until it has been voted on.
import type { Db } from "../db/context";
import { isUuid } from "../db/literals";
import { webWaits } from "../db/waits";
import { NotFound } from "../errors";
import type { Side } from "../generated/prisma/enums";
import type { Winner } from "../ratings/types";
import { type AnswerStatus, answerStatus, sideMessages } from "./history";
import { presetCreditOf } from "./presets";
import { STOPPED } from "./stops";
import type { RevealedModel } from "./vote-decision";
import { WINNER_FROM_DB } from "./votes";

export interface MessageView {
  turn: number;
  role: "user" | "assistant";
  content: string;
  images: string[];
  status?: AnswerStatus;
  error?: string;
  /** a reasoning model's thinking, once the models are revealed (never before a battle's vote) */
  thought?: { text: string; ms: number };
  /** a finished answer's time to first token, total time and tokens, once the models are revealed */
  stats?: { firstTokenMs: number | null; totalMs: number | null; tokens: number | null };
  /** the visitor pressed Stop while it was written: finished at what was shown */
  stopped?: boolean;
  /** every finished version of this answer when Regenerate left more than one, oldest first (to its owner only),
   *  and which of them is the current one (1-based) */
  versions?: string[];
  version?: number;
}

export interface SideView {
  model: RevealedModel | null;
  messages: MessageView[];
}

export interface ConversationView {
  id: string;
  mode: "battle" | "side_by_side" | "direct";
  turnCount: number;
  isPreset: boolean;
  /** the line a bank photograph (or benchmark item) is credited with, for as long as it is shown */
  credit?: string;
  /** its owner put it in the public gallery (told to the owner only) */
  inGallery?: boolean;
  isDemo: boolean;
  createdAt: string;
  vote: { winner: Winner; anonymous: boolean } | null;
  /** what the owner said went wrong in each side's answer after the vote (told to the owner only) */
  reactions?: Partial<Record<Side, { reason: string; note: string | null }>>;
  ended: boolean;
  sides: Partial<Record<Side, SideView>>;
}

/**
 * Whether anyone with the link may see a battle: voted, not stopped or banned by moderation, its visitor not
 * banned, and none of its images banned (a ban applies to share links at once).
 */
async function shareable(
  db: Db,
  conversation: { id: string; moderationStatus: string; vote: unknown; visitor: { bannedAt: Date | null } | null },
): Promise<boolean> {
  if (conversation.vote === null || conversation.visitor?.bannedAt) return false;
  if (conversation.moderationStatus === "flagged" || conversation.moderationStatus === "banned") return false;
  const banned = await db.prisma.messageImage.count({
    where: { message: { conversationId: conversation.id }, image: { moderationStatus: "banned" } },
  });
  return banned === 0;
}

export async function conversationView(
  db: Db,
  id: string,
  access: { visitorId?: string | null; share?: boolean },
): Promise<ConversationView> {
  const { prisma } = db;
  const conversation = isUuid(id)
    ? await prisma.conversation.findUnique({
        where: { id },
        include: {
          vote: { include: { reactions: true } },
          modelA: true,
          modelB: true,
          visitor: { select: { bannedAt: true } },
        },
      })
    : null;
  const owner = conversation !== null && conversation.visitorId === access.visitorId;
  const allowed = conversation && (owner || (access.share && (await shareable(db, conversation))));
  if (!conversation || !allowed) throw new NotFound("conversation_not_found", "no such conversation");
  const revealed = conversation.mode !== "battle" || conversation.vote !== null;
  const sides: Partial<Record<Side, SideView>> = {};
  const sideList = conversation.modelB ? (["a", "b"] as const) : (["a"] as const);
  // one snapshot for every message and its answer's state: Prisma reads a message and its answer's state in
  // separate statements, and an answer finishing between the two read as finished with no text (a reload
  // mid-stream then showed an empty answer)
  const { earlier, bySide } = await prisma.$transaction(
    async (tx) => ({
      // Regenerate keeps the earlier versions: the owner may page through them (and vote on the one shown)
      earlier: owner
        ? await tx.message.findMany({
            where: {
              conversationId: conversation.id,
              role: "assistant",
              superseded: true,
              response: { finishReason: { not: null }, error: null },
            },
            orderBy: [{ createdAt: "asc" }, { id: "asc" }],
            select: { side: true, turn: true, content: true, createdAt: true },
          })
        : [],
      // one after the other: a transaction's statements run on one connection
      bySide: [
        await sideMessages(tx, conversation.id, "a"),
        ...(conversation.modelB ? [await sideMessages(tx, conversation.id, "b")] : []),
      ],
    }),
    // Prisma ends an interactive transaction after 5 s of its own: the web's statement bound instead (a connection
    // is waited for as long as the pool's bound, ARENA_DB_ACQUIRE_TIMEOUT_MS)
    { isolationLevel: "RepeatableRead", timeout: webWaits().statementMs || 60_000 },
  );
  for (const [i, side] of sideList.entries()) {
    const model = side === "a" ? conversation.modelA : conversation.modelB;
    const messages = bySide[i] ?? [];
    sides[side] = {
      model:
        revealed && model
          ? {
              id: model.id,
              displayName: model.displayName,
              organization: model.organization,
              license: model.license,
              isDemo: model.isDemo,
            }
          : null,
      messages: messages.map((m) => {
        const view: MessageView = {
          turn: m.turn,
          role: m.role === "assistant" ? "assistant" : "user",
          // an answer a moderator marked is not passed on by share pages: they say so instead
          content:
            m.moderatorMark && access.share && !owner
              ? `*A moderator hid this answer (${m.moderatorMark}).*`
              : m.content,
          images: m.images.map((i) => i.imageSha256),
        };
        if (m.role === "assistant") {
          const others = earlier.filter((e) => e.side === side && e.turn === m.turn);
          if (others.length) {
            const all = [...others, { content: m.content, createdAt: m.createdAt, current: true }].sort(
              (x, y) => x.createdAt.getTime() - y.createdAt.getTime(),
            );
            view.versions = all.map((v) => v.content);
            view.version = all.findIndex((v) => "current" in v) + 1;
          }
          view.status = answerStatus(m.response);
          if (revealed && m.response?.reasoning && m.response.thinkingMs !== null)
            view.thought = { text: m.response.reasoning, ms: m.response.thinkingMs };
          if (revealed && m.response && view.status === "done") {
            const { latencyFirstTokenMs, latencyTotalMs, tokens } = m.response;
            view.stats = { firstTokenMs: latencyFirstTokenMs, totalMs: latencyTotalMs, tokens };
          }
          if (m.response?.finishReason === STOPPED) view.stopped = true;
          if (view.status === "error") view.error = m.response?.error ?? "the answer was interrupted";
        }
        return view;
      }),
    };
  }
  return {
    id: conversation.id,
    mode: conversation.mode,
    turnCount: conversation.turnCount,
    isPreset: conversation.isPreset,
    ...(conversation.presetId ? { credit: await presetCreditOf(db, conversation.presetId) } : {}),
    ...(owner ? { inGallery: conversation.galleryAt !== null } : {}),
    isDemo: conversation.isDemo,
    createdAt: conversation.createdAt.toISOString(),
    vote: conversation.vote
      ? { winner: WINNER_FROM_DB[conversation.vote.winner], anonymous: conversation.vote.anonymous }
      : null,
    ...(owner && conversation.vote?.reactions.length
      ? {
          reactions: Object.fromEntries(
            conversation.vote.reactions.map((r) => [r.side, { reason: r.reason, note: r.note }]),
          ),
        }
      : {}),
    ended: conversation.endedAt !== null,
    sides,
  };
}
