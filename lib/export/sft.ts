// The chat release for fine-tuning (VisionArena §5, Table 3): the conversations of chosen models, from direct chats
// and from each side of the released battles, in the LLaVA conversation layout (a JSON array of
// {id, image, conversations: [{from: "human" | "gpt", value}]}, "<image>" marking where each image goes) with the
// images beside it, so the paper's fine-tuning experiment can be repeated on this arena's data.
import fs from "node:fs";
import path from "node:path";
import {
  FROM_BATTLES_OR_CHATS,
  publicationDelayNote,
  releasedBattleClauses,
  releasedChatClauses,
} from "../dataset-stats/released";
import type { Db } from "../db/context";
import { raw, sql } from "../db/sql";
import { InvalidInput } from "../errors";
import { currentSnapshot } from "../leaderboard/serve";
import { type BareRow, CONVERSATION_SQL, keysetBatches } from "./details";
import { ImageCopier } from "./image-copier";
import { type BattleRow, imagePath, type MessageRow } from "./records";
import { REDACTION_NOTE, redactPersonal } from "./redact";

export interface SftOptions {
  outDir: string;
  /** the models whose answers are kept; default: the top `top` of the overall leaderboard */
  models?: string[];
  top?: number;
  redact?: boolean;
  blurFaces?: boolean;
  licence?: string;
  batchSize?: number;
  onProgress?: (done: number, total: number) => void;
}

export interface SftSummary {
  models: string[];
  conversations: number;
  fromChats: number;
  fromBattles: number;
  turns: number;
  images: number;
  blurred?: { images: number; faces: number };
}

export interface SftRecord {
  id: string;
  model: string;
  source: "chat" | "battle";
  image?: string | string[];
  conversations: { from: "human" | "gpt"; value: string }[];
}

/** The overall board's best non-demo models, as the public sees the board. */
export async function topModels(db: Db, n: number): Promise<string[]> {
  const board = await currentSnapshot(db, "overall", false);
  if (!board) throw new InvalidInput("no_leaderboard", "there is no leaderboard yet: name the models with --model");
  return [...board.payload.models]
    .filter((m) => !m.isDemo && m.rank !== null)
    .sort((a, b) => (a.rank as number) - (b.rank as number) || b.rating - a.rating)
    .slice(0, n)
    .map((m) => m.model);
}

/** One side's history as LLaVA turns (complete prompt-and-answer pairs only, images marked in the first prompt),
 *  with the stored images it refers to. */
export function sftRecord(
  row: BattleRow,
  side: "a" | "b",
  clean: (text: string) => string,
): { record: SftRecord; shown: NonNullable<MessageRow["images"]> } | null {
  const model = side === "a" ? row.modelAId : row.modelBId;
  if (!model) return null;
  const messages = (row.messages ?? []).filter((m) => m.side === side);
  const turns = new Map<number, { user?: MessageRow; answer?: MessageRow }>();
  for (const m of messages) {
    const turn = turns.get(m.turn) ?? {};
    if (m.role === "user") turn.user = m;
    else turn.answer = m;
    turns.set(m.turn, turn);
  }
  const conversations: SftRecord["conversations"] = [];
  const shown: NonNullable<MessageRow["images"]> = [];
  for (const turn of [...turns.keys()].sort((a, b) => a - b)) {
    const { user, answer } = turns.get(turn) ?? {};
    if (!user || !answer) break; // a turn without its finished answer ends what can be learnt from
    shown.push(...(user.images ?? []));
    conversations.push({
      from: "human",
      value: `${"<image>\n".repeat(user.images?.length ?? 0)}${clean(user.content)}`,
    });
    conversations.push({ from: "gpt", value: clean(answer.content) });
  }
  if (conversations.length === 0) return null;
  const images = shown.map(imagePath);
  const record: SftRecord = {
    id: `${row.conversationId}-${side}`,
    model,
    source: row.mode === "direct" ? "chat" : "battle",
    ...(images.length === 1 ? { image: images[0] } : images.length > 1 ? { image: images } : {}),
    conversations,
  };
  return { record, shown };
}

export async function exportSft(db: Db, options: SftOptions): Promise<SftSummary> {
  const models = options.models?.length ? options.models : await topModels(db, options.top ?? 5);
  if (models.length === 0) throw new InvalidInput("no_models", "no model to take conversations from");
  fs.mkdirSync(options.outDir, { recursive: true });
  const clean = options.redact ? redactPersonal : (t: string) => t;
  const images = new ImageCopier(options.outDir, { blurFaces: options.blurFaces });
  const released = sql`((${raw(releasedBattleClauses().join(" AND "))}) OR (${raw(releasedChatClauses().join(" AND "))}))
    AND (c."modelAId" = ANY(${models}::text[]) OR c."modelBId" = ANY(${models}::text[]))`;
  const total = Number(
    (await db.pool.query(sql`SELECT count(*) AS n ${raw(FROM_BATTLES_OR_CHATS)} WHERE ${released}`)).rows[0]?.n ?? 0,
  );
  const out = fs.openSync(path.join(options.outDir, "sft.json"), "w");
  const summary: SftSummary = { models, conversations: 0, fromChats: 0, fromBattles: 0, turns: 0, images: 0 };
  const batchSize = options.batchSize ?? 500;
  let seen = 0;
  fs.writeSync(out, "[");
  try {
    for await (const rows of keysetBatches<BareRow>(db, {
      select: sql`SELECT c."visitorId", c."createdAt" AS at, NULL AS winner, NULL AS anonymous, ${raw(CONVERSATION_SQL)}
                 ${raw(FROM_BATTLES_OR_CHATS)}`,
      where: released,
      order: ['c."createdAt"', "c.id"],
      keyOf: (row) => ({ at: row.at, id: row.conversationId }),
      size: batchSize,
    })) {
      const chunks: string[] = [];
      for (const row of rows) {
        for (const side of ["a", "b"] as const) {
          const built = sftRecord(row, side, clean);
          if (!built || !models.includes(built.record.model)) continue;
          const { record, shown } = built;
          await images.copy(shown);
          chunks.push(`${summary.conversations + chunks.length === 0 ? "\n" : ",\n"}${JSON.stringify(record)}`);
          if (record.source === "chat") summary.fromChats++;
          else summary.fromBattles++;
          summary.turns += record.conversations.length / 2;
        }
      }
      if (chunks.length) fs.writeSync(out, chunks.join(""));
      summary.conversations += chunks.length;
      seen += rows.length;
      options.onProgress?.(seen, total);
    }
    fs.writeSync(out, "\n]\n");
  } finally {
    fs.closeSync(out);
  }
  summary.images = images.count;
  if (images.blurred) summary.blurred = images.blurred;
  fs.writeFileSync(path.join(options.outDir, "README.md"), sftDatasheet(summary, options));
  return summary;
}

function sftDatasheet(summary: SftSummary, options: SftOptions): string {
  return `# Vision Arena chat release for fine-tuning

Exported ${new Date().toISOString()}: ${summary.conversations} conversations (${summary.fromChats} direct chats, ${summary.fromBattles} battle sides) with ${summary.turns} prompt-and-answer turns and ${summary.images} images, answered by ${summary.models.join(", ")}${options.models?.length ? "" : ` (the top ${options.top ?? 5} of the overall leaderboard)`}.

## Layout

\`sft.json\` is a JSON array in the LLaVA conversation layout: \`id\` (conversation and side), \`model\`, \`source\`
(\`chat\` or \`battle\`), \`image\` (a path into \`images/\`, or a list when a prompt had several), and
\`conversations\`: alternating \`{"from": "human", "value": …}\` and \`{"from": "gpt", "value": …}\`, with one
\`<image>\` line per image at the start of the first prompt. Only complete turns are kept (a prompt whose answer did
not finish ends the conversation there); regenerated answers are left out.

## What is left out

Demo models, conversations the content filter stopped, visitors who were banned, and battles whose vote was not
counted.${publicationDelayNote() ? ` ${publicationDelayNote()}` : ""}

## Privacy

${options.redact ? REDACTION_NOTE : "Text is as the visitors wrote it."}
${summary.blurred ? `Faces were blurred in the images (Human's BlazeFace detector, run locally): ${summary.blurred.faces} faces in ${summary.blurred.images} of ${summary.images} images.` : "Faces in the images were not blurred."}

## Licence

${options.licence ?? "No licence was set by the administrators; ask them before redistributing."}
`;
}
