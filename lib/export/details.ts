// The messages, images and labels of a batch of exported conversations: three set-based queries over the batch's
// ids, put together here. It replaced per-row correlated subqueries that built JSON in PostgreSQL (json_agg), which
// JavaScript then parsed again: ~80 µs of database time a battle, most of an export of 1M battles.

import type { Db } from "../db/context";
import type { RawRow } from "../db/raw-rows";
import { empty, raw, type Sql, sql } from "../db/sql";
import type { BattleRow, LabelRow, MessageRow } from "./records";

/** A conversation's row without its details: what the batch query selects. */
export type BareRow = Omit<BattleRow, "messages" | "labels">;

/** The columns of a conversation `c` every export row carries. */
export const CONVERSATION_SQL = `c.id AS "conversationId", c.mode::text AS mode, c."modelAId", c."modelBId", c."isPreset",
  c."presetId", c."inputModality", c.language, c."turnCount" AS turn, c.cohort, c."pairPolicy", c."pairProbability"`;

export type MessageWithId = MessageRow & { id: string; conversationId: string };

/** The columns of a message `m` and its answer's state `r` an export row carries (MessageWithId; messageOfText reads
 * them by position). */
export const MESSAGE_SQL = `m.id, m."conversationId", m.side::text AS side, m.turn, m.role::text AS role, m.content,
  r.tokens, r."entityCount" AS entities, r."markdownDetail" AS markdown, r."reasoningTokens", r."thinkingMs",
  r."finishReason"`;

/** Which messages are exported: the prompts, and the answers that finished (not those Regenerate replaced). */
export const EXPORTED_MESSAGE_SQL = `NOT m.superseded AND (m.role = 'user' OR r."finishReason" IS NOT NULL)`;

/** The columns of an image `i` as a message `mi` (MessageImage) shows it. */
export const IMAGE_SQL = `mi."messageId", i.sha256 AS sha, i.mime, i."storageKey" AS key,
  i."moderationStatus" = 'banned' AS banned`;

export type ImageOf = { sha: string; mime: string; key: string; banned: boolean };

/** A message as exported, its fields in the dataset's order. */
function messageOf(row: MessageWithId, images: ImageOf[] | null): MessageRow {
  return {
    side: row.side,
    turn: row.turn,
    role: row.role,
    content: row.content,
    tokens: row.tokens,
    entities: row.entities,
    markdown: row.markdown,
    reasoningTokens: row.reasoningTokens,
    thinkingMs: row.thinkingMs,
    finishReason: row.finishReason,
    images,
  };
}

/**
 * The rows with their messages (the prompts, and the answers that finished, in turn order; images in their order)
 * and their labels (by labeller, then category); null where a conversation has none, as the dataset has always
 * written them.
 */
export async function withDetails<T extends BareRow>(
  db: Db,
  rows: T[],
): Promise<(T & Pick<BattleRow, "messages" | "labels">)[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.conversationId);
  const [messages, labels] = await Promise.all([
    db.pool.query<MessageWithId>(
      sql`SELECT ${raw(MESSAGE_SQL)} FROM "Message" m LEFT JOIN "ResponseMeta" r ON r."messageId" = m.id
        WHERE m."conversationId" = ANY(${ids}::uuid[]) AND ${raw(EXPORTED_MESSAGE_SQL)}
        ORDER BY m."conversationId", m.turn, m."createdAt", m.side, m.role`,
    ),
    db.pool.query<LabelRow & { conversationId: string }>(
      sql`SELECT "conversationId", category, labeller, "labellerVersion" AS version, value
         FROM "BattleCategory" WHERE "conversationId" = ANY(${ids}::uuid[])
        ORDER BY "conversationId", labeller, category`,
    ),
  ]);
  const images = await imagesOf(
    db,
    messages.rows.map((m) => m.id),
  );
  const messagesOf = byConversation(messages.rows);
  const labelsOf = byConversation(labels.rows);
  return rows.map((row) => ({
    ...row,
    ...detailsOf(
      messagesOf.get(row.conversationId) ?? [],
      labelsOf.get(row.conversationId) ?? [],
      (m) => messageOf(m, images.get(m.id) ?? null),
      labelOf,
    ),
  }));
}

/** Rows grouped by their conversation, in the order they came. */
function byConversation<R extends { conversationId: string }>(rows: R[]): Map<string, R[]> {
  const out = new Map<string, R[]>();
  for (const row of rows) {
    const list = out.get(row.conversationId);
    if (list) list.push(row);
    else out.set(row.conversationId, [row]);
  }
  return out;
}

/**
 * A conversation's messages and labels as exported, from its rows as read (`message` and `label` make each): null
 * where it has none, as the dataset has always written them. Shared by keyset batches and ./snapshot-batches.
 */
export function detailsOf<M, L>(
  messages: readonly M[],
  labels: readonly L[],
  message: (row: M) => MessageRow,
  label: (row: L) => LabelRow,
): Pick<BattleRow, "messages" | "labels"> {
  return {
    messages: messages.length ? messages.map(message) : null,
    labels: labels.length ? labels.map(label) : null,
  };
}

const labelOf = ({ category, labeller, version, value }: LabelRow): LabelRow => ({
  category,
  labeller,
  version,
  value,
});

/** An integer column's text as node-postgres reads it (int4: parseInt; PostgreSQL writes plain decimals). */
const intOf = (text: string | null | undefined): number | null => (text == null ? null : Number(text));

/**
 * MESSAGE_SQL's row as the server's text (a raw cursor's, ../db/raw-rows), converted as node-postgres converts
 * those columns (integers; JSON for the jsonb markdown counts): the same message as messageOf's.
 */
export function messageOfText(row: RawRow, images: ReadonlyMap<string, ImageOf[]>): MessageRow {
  const markdown = row[8] as string | null;
  return {
    side: row[2] as MessageRow["side"],
    turn: intOf(row[3]) as number,
    role: row[4] as MessageRow["role"],
    content: row[5] as string,
    tokens: intOf(row[6]),
    entities: intOf(row[7]),
    markdown: markdown === null ? null : JSON.parse(markdown),
    reasoningTokens: intOf(row[9]),
    thinkingMs: intOf(row[10]),
    finishReason: row[11] as string | null,
    images: images.get(row[0] as string) ?? null,
  };
}

/** A label row's text, its columns `conversationId, category, labeller, version, value` (a boolean: t or f). */
export const labelOfText = (row: RawRow): LabelRow => ({
  category: row[1] as string,
  labeller: row[2] as string,
  version: row[3] as string,
  value: row[4] === "t",
});

/** An image row's text, its columns `conversationId` then IMAGE_SQL's (`banned` a boolean: t or f). */
export const imageOfText = (row: RawRow): ImageOf & { messageId: string } => ({
  messageId: row[1] as string,
  sha: row[2] as string,
  mime: row[3] as string,
  key: row[4] as string,
  banned: row[5] === "t",
});

/** Images (IMAGE_SQL's rows, in their order) by message. */
export function imagesByMessage(rows: (ImageOf & { messageId: string })[]): Map<string, ImageOf[]> {
  const out = new Map<string, ImageOf[]>();
  for (const { messageId, sha, mime, key, banned } of rows) {
    const image = { sha, mime, key, banned };
    const list = out.get(messageId);
    if (list) list.push(image);
    else out.set(messageId, [image]);
  }
  return out;
}

/** Each message's images, in their order. */
async function imagesOf(db: Db, messageIds: string[]) {
  if (messageIds.length === 0) return new Map<string, ImageOf[]>();
  const { rows } = await db.pool.query<ImageOf & { messageId: string }>(
    sql`SELECT ${raw(IMAGE_SQL)} FROM "MessageImage" mi JOIN "Image" i ON i.sha256 = mi."imageSha256"
      WHERE mi."messageId" = ANY(${messageIds}::uuid[])
      ORDER BY mi."messageId", mi.position`,
  );
  return imagesByMessage(rows);
}

export interface KeysetQuery<T> {
  /** the selected columns and FROM clause, without WHERE */
  select: Sql;
  where: Sql;
  /** the ordering key's columns: a timestamp, then a uuid */
  order: [string, string];
  keyOf: (row: T) => { at: Date; id: string };
  size: number;
}

/** The rows in keyset batches with their details; the next batch is read while the caller works on this one. */
export async function* keysetBatches<T extends BareRow>(
  db: Db,
  query: KeysetQuery<T>,
): AsyncGenerator<(T & Pick<BattleRow, "messages" | "labels">)[]> {
  const [atColumn, idColumn] = query.order;
  const fetch = async (after: { at: Date; id: string } | null) => {
    // the ordering columns are ours (KeysetQuery.order), written as SQL; the key's values are parameters
    const [at, id] = [raw(atColumn), raw(idColumn)];
    const keyset = after ? sql`AND (${at}, ${id}) > (${after.at}::timestamp, ${after.id}::uuid)` : empty;
    const { rows } = await db.pool.query<T>(
      sql`${query.select} WHERE ${query.where} ${keyset} ORDER BY ${at}, ${id} LIMIT ${query.size}`,
    );
    return withDetails(db, rows);
  };
  type Detailed = T & Pick<BattleRow, "messages" | "labels">;
  let next: Promise<Detailed[]> | null = fetch(null);
  while (next) {
    const rows: Detailed[] = await next;
    const tail: Detailed | undefined = rows[rows.length - 1];
    next = tail && rows.length === query.size ? fetch(query.keyOf(tail)) : null;
    // a consumer that stops early must not leave the prefetch's rejection unhandled
    next?.catch(() => {});
    yield rows;
  }
}
