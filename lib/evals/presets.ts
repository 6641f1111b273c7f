// Prompt items offered as the arena's preset images (the "Random image" button), as MathVista's authors built its
// testmini: stratified by source — at least `perSource` from every source, then the rest in proportion to each
// source's size — from the newest imported MathVista set, each with its provenance and licence so the page can
// credit it. Off unless ARENA_BENCHMARK_PRESETS names how many; a fixed seed keeps the bank stable between requests.
import { type Config, config } from "../config";
import type { Db } from "../db/context";
import { sql } from "../db/sql";

export interface ItemPreset {
  /** benchmark:<set id>:<question id> */
  id: string;
  imageSha: string;
  question: string;
  kind: string;
  credit: string;
}

interface Row {
  setId: string;
  setName: string;
  licence: string | null;
  questionId: string;
  metadata: { question?: unknown; metadata?: { source?: unknown } } | null;
  imageSha: string;
}

const hash = (text: string) => {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
};

export const presetCount = (c: Config = config()): number => c.ARENA_BENCHMARK_PRESETS;

/** Stratified: every source gets min(perSource, its size) first, then the rest goes in proportion to size. */
export function stratify<T>(groups: Map<string, T[]>, total: number, perSource: number): T[] {
  const chosen = new Map<string, number>();
  let taken = 0;
  for (const [source, items] of groups) {
    const n = Math.min(perSource, items.length, Math.max(0, total - taken));
    chosen.set(source, n);
    taken += n;
  }
  const remaining = [...groups].map(([source, items]) => [source, items.length - (chosen.get(source) ?? 0)] as const);
  const left = remaining.reduce((s, [, n]) => s + n, 0);
  const room = Math.max(0, total - taken);
  if (left > 0 && room > 0) {
    // largest remainders, so the shares add up exactly
    const shares = remaining.map(([source, n]) => ({ source, exact: (n / left) * Math.min(room, left), n }));
    let given = 0;
    for (const s of shares) {
      const whole = Math.min(s.n, Math.floor(s.exact));
      chosen.set(s.source, (chosen.get(s.source) ?? 0) + whole);
      given += whole;
    }
    const order = shares.sort((p, q) => q.exact - Math.floor(q.exact) - (p.exact - Math.floor(p.exact)));
    for (const s of order) {
      if (given >= Math.min(room, left)) break;
      const current = chosen.get(s.source) ?? 0;
      if (current < (groups.get(s.source)?.length ?? 0)) {
        chosen.set(s.source, current + 1);
        given++;
      }
    }
  }
  return [...groups].flatMap(([source, items]) => items.slice(0, chosen.get(source) ?? 0));
}

export async function itemPresets(db: Db, total = presetCount(), perSource = 4): Promise<ItemPreset[]> {
  if (total === 0) return [];
  const { rows } = await db.pool.query<Row>(
    sql`SELECT s.id AS "setId", s.name || '@' || s.version AS "setName", s.licence, i."questionId", i.metadata,
            pi."imageSha256" AS "imageSha"
       FROM "PromptItem" i
       JOIN "PromptItemImage" pi ON pi."itemId" = i.id AND pi.position = 0
       JOIN "PromptSet" s ON s.id = i."setId"
      WHERE s.id = (SELECT id FROM "PromptSet" WHERE source = 'benchmark:mathvista' ORDER BY "createdAt" DESC LIMIT 1)
        AND NOT EXISTS (SELECT 1 FROM "Image" img WHERE img.sha256 = pi."imageSha256" AND img."moderationStatus" = 'banned')`,
  );
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const source = String(row.metadata?.metadata?.source ?? "other");
    groups.set(source, [...(groups.get(source) ?? []), row]);
  }
  // a stable shuffle inside each source (by a hash of the item), so the bank does not change between requests
  for (const [source, items] of groups) {
    groups.set(
      source,
      items.sort((p, q) => hash(p.questionId) - hash(q.questionId)),
    );
  }
  return stratify(groups, total, perSource).map((row) => ({
    id: `benchmark:${row.setId}:${row.questionId}`,
    imageSha: row.imageSha,
    question: typeof row.metadata?.question === "string" ? row.metadata.question : "What does this image show?",
    kind: "benchmark",
    credit: `${row.setName}, item ${row.questionId}${row.metadata?.metadata?.source ? ` (${String(row.metadata.metadata.source)})` : ""} · ${row.licence ?? "licence not stated"}`,
  }));
}
