// Failure cases (VisionArena §4.5, Table 6, Figs. 25-28): prompts where strong models fail. Candidates come from
// "both are bad" votes between two models of the overall board's top ranks; staff accept or reject each with a
// note; accepted cases are listed publicly with each model's answer and an O/X grid, and can be exported as a
// prompt set so the evaluation engine runs more models on them (staff then mark those answers O or X).
import { releasedBattleClauses } from "../dataset-stats/released";
import type { Db } from "../db/context";
import { isUuid } from "../db/literals";
import { raw, sql } from "../db/sql";
import { InvalidInput, NotFound } from "../errors";
import { createPromptSetVersion } from "../evals/prompt-sets";
import { currentSnapshot } from "../leaderboard/serve";

/** Candidates are battles between two models both within this many top ranks of the overall board. */
export const TOP_RANKS = 10;

export type FailureStatus = "candidate" | "accepted" | "rejected";

export interface FailureCaseView {
  id: string;
  conversationId: string;
  status: FailureStatus;
  note: string | null;
  reviewedBy: string | null;
  reviewedAt: Date | null;
  createdAt: Date;
  prompt: string;
  images: string[];
  models: { a: string; b: string };
  ranks: { a: number | null; b: number | null };
  verdicts: { modelId: string; solved: boolean; source: string; answer: string | null }[];
}

/**
 * Finds new candidates: released battles voted "both are bad" whose two models both rank within `top` on the
 * overall board (Rank (UB)), each with an X for both models from the vote itself. Returns how many were added.
 */
export async function findFailureCandidates(db: Db, options: { top?: number } = {}): Promise<number> {
  const top = options.top ?? TOP_RANKS;
  const board = await currentSnapshot(db, "overall", false);
  if (!board) return 0;
  const ranks = new Map(
    board.payload.models
      .filter((m) => !m.isDemo && m.rank !== null && m.rank <= top)
      .map((m) => [m.model, m.rank as number]),
  );
  if (ranks.size < 2) return 0;
  const models = [...ranks.keys()];
  const { rows } = await db.pool.query<{
    id: string;
    a: string;
    b: string;
    answers: { side: string; content: string }[];
  }>(
    sql`SELECT c.id, v."modelAId" AS a, v."modelBId" AS b,
            (SELECT json_agg(json_build_object('side', m.side, 'content', m.content) ORDER BY m.turn)
               FROM "Message" m WHERE m."conversationId" = c.id AND m.role = 'assistant' AND NOT m.superseded) AS answers
       FROM "Vote" v JOIN "Conversation" c ON c.id = v."conversationId" LEFT JOIN "Visitor" vis ON vis.id = v."visitorId"
      WHERE ${raw(releasedBattleClauses().join(" AND "))} AND v.winner = 'tie (bothbad)'
        AND v."modelAId" = ANY(${models}::text[]) AND v."modelBId" = ANY(${models}::text[])
        AND NOT EXISTS (SELECT 1 FROM "FailureCase" f WHERE f."conversationId" = c.id)`,
  );
  let added = 0;
  for (const row of rows) {
    const answer = (side: string) =>
      (row.answers ?? [])
        .filter((a) => a.side === side)
        .map((a) => a.content)
        .join("\n\n") || null;
    const created = await db.prisma.failureCase.createMany({
      data: [{ conversationId: row.id, rankA: ranks.get(row.a) ?? null, rankB: ranks.get(row.b) ?? null }],
      skipDuplicates: true,
    });
    if (created.count === 0) continue; // another process took it first
    const found = await db.prisma.failureCase.findUniqueOrThrow({ where: { conversationId: row.id } });
    await db.prisma.failureVerdict.createMany({
      data: [
        { caseId: found.id, modelId: row.a, solved: false, source: "vote", answer: answer("a") },
        { caseId: found.id, modelId: row.b, solved: false, source: "vote", answer: answer("b") },
      ],
      skipDuplicates: true,
    });
    added++;
  }
  return added;
}

export async function failureCases(db: Db, options: { status?: FailureStatus } = {}): Promise<FailureCaseView[]> {
  const cases = await db.prisma.failureCase.findMany({
    where: options.status ? { status: options.status } : {},
    orderBy: { createdAt: "asc" },
    include: {
      verdicts: { orderBy: [{ source: "desc" }, { modelId: "asc" }] },
      conversation: {
        select: {
          modelAId: true,
          modelBId: true,
          messages: {
            where: { side: "a", role: "user", turn: 1, superseded: false },
            select: { content: true, images: { orderBy: { position: "asc" }, select: { imageSha256: true } } },
          },
        },
      },
    },
  });
  return cases.map((c) => {
    const first = c.conversation.messages[0];
    return {
      id: c.id,
      conversationId: c.conversationId,
      status: c.status,
      note: c.note,
      reviewedBy: c.reviewedBy,
      reviewedAt: c.reviewedAt,
      createdAt: c.createdAt,
      prompt: first?.content ?? "",
      images: first?.images.map((i) => i.imageSha256) ?? [],
      models: { a: c.conversation.modelAId, b: c.conversation.modelBId ?? "" },
      ranks: { a: c.rankA, b: c.rankB },
      verdicts: c.verdicts.map((v) => ({ modelId: v.modelId, solved: v.solved, source: v.source, answer: v.answer })),
    };
  });
}

export async function reviewFailureCase(
  db: Db,
  id: string,
  input: { action: "accept" | "reject"; note?: string },
  reviewer: string,
) {
  if (!isUuid(id)) throw new NotFound("unknown_failure_case", "no such failure case");
  const found = await db.prisma.failureCase.findUnique({ where: { id } });
  if (!found) throw new NotFound("unknown_failure_case", "no such failure case");
  return db.prisma.failureCase.update({
    where: { id },
    data: {
      status: input.action === "accept" ? "accepted" : "rejected",
      note: input.note?.trim() || found.note,
      reviewedBy: reviewer,
      reviewedAt: new Date(),
    },
  });
}

/** Staff's O or X for a model's answer to an accepted case (an evaluation run's answer, kept with it). */
export async function markFailureAnswer(
  db: Db,
  id: string,
  input: { modelId: string; solved: boolean; answer?: string },
  reviewer: string,
) {
  if (!isUuid(id)) throw new NotFound("unknown_failure_case", "no such failure case");
  const found = await db.prisma.failureCase.findUnique({ where: { id } });
  if (!found) throw new NotFound("unknown_failure_case", "no such failure case");
  if (found.status !== "accepted") throw new InvalidInput("not_accepted", "only accepted cases are graded");
  const model = await db.prisma.model.findUnique({ where: { id: input.modelId } });
  if (!model) throw new NotFound("unknown_model", `unknown model '${input.modelId}'`);
  return db.prisma.failureVerdict.upsert({
    where: { caseId_modelId: { caseId: id, modelId: input.modelId } },
    create: {
      caseId: id,
      modelId: input.modelId,
      solved: input.solved,
      source: "staff",
      answer: input.answer ?? null,
      decidedBy: reviewer,
    },
    update: {
      solved: input.solved,
      source: "staff",
      decidedBy: reviewer,
      ...(input.answer ? { answer: input.answer } : {}),
    },
  });
}

/** Table 6: accepted cases × models, O (solved), X (failed) or nothing (no verdict). */
export function failureGrid(cases: FailureCaseView[]) {
  const accepted = cases.filter((c) => c.status === "accepted");
  const models = [...new Set(accepted.flatMap((c) => c.verdicts.map((v) => v.modelId)))].sort();
  const rows = accepted.map((c) => ({
    id: c.id,
    prompt: c.prompt,
    marks: models.map((m) => {
      const verdict = c.verdicts.find((v) => v.modelId === m);
      return verdict ? (verdict.solved ? ("O" as const) : ("X" as const)) : null;
    }),
  }));
  const failedAll = models.filter((_, k) => rows.every((r) => r.marks[k] !== "O"));
  return { models, rows, failedAll };
}

/** The accepted cases as a new version of a prompt set, for the evaluation engine. */
export async function exportFailurePromptSet(db: Db, name = "visionarena-failures") {
  const cases = await failureCases(db, { status: "accepted" });
  if (cases.length === 0) throw new InvalidInput("no_accepted_cases", "accept some failure cases first");
  return createPromptSetVersion(
    db,
    {
      name,
      description: "Prompts where top-ranked models failed (both answers voted bad), accepted by staff",
      licence: null,
      source: "failure-cases",
    },
    cases.map((c) => ({
      questionId: c.id,
      category: "failure",
      turns: [{ content: c.prompt }],
      metadata: { failureCaseId: c.id, note: c.note },
      provenance: { conversationId: c.conversationId },
      imageShas: c.images,
    })),
  );
}

/** Answers of evaluation runs over exported failure-case sets, for staff to mark O or X. */
export async function failureRunAnswers(db: Db) {
  const { rows } = await db.pool.query<{ caseId: string; modelId: string; answer: string }>(
    sql`SELECT pi.metadata->>'failureCaseId' AS "caseId", r."modelId", a.turns->>0 AS answer
       FROM "EvalAnswer" a JOIN "EvalRun" r ON r.id = a."runId" JOIN "PromptItem" pi ON pi.id = a."itemId"
       JOIN "PromptSet" ps ON ps.id = pi."setId"
      WHERE ps.source = 'failure-cases' AND a.error IS NULL AND a.turns IS NOT NULL
      ORDER BY a."createdAt"`,
  );
  return rows.filter((r) => r.caseId);
}
