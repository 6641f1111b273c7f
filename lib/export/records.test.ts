import { describe, expect, it } from "vitest";
import { JsonText } from "./conv-metadata";
import {
  type BattleRow,
  battleRecord,
  categoryTag,
  chatRecord,
  imagePath,
  type LabelRow,
  type MessageRow,
  type RecordOptions,
} from "./records";

/** A small deterministic generator, so a failure names the same case each run. */
function rng(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) >>> 0;
    return x / 2 ** 32;
  };
}

const TEXTS = [
  "",
  "plain",
  'quote " and \\ back',
  "line\nbreak\ttab",
  "emoji 😀 and é",
  "nul \u0000 and \u2028",
  "</script>",
];
const IMAGES = [
  { sha: "a".repeat(64), mime: "image/png", key: "k1" },
  { sha: "b".repeat(64), mime: "image/jpeg", key: "k2" },
  { sha: "c".repeat(64), mime: "image/x-odd", key: "k3", banned: true },
];
// "7" and "__proto__" would not keep their place as object keys; "v2" interleaves a labeller's versions
const CATEGORIES = ["is_captioning", "is_ocr", "7", "__proto__", "diagram"];
const LABELLERS = [
  ["vision", "v0.1"],
  ["vision", "v0.2"],
  ["criteria", "v0.1"],
  ["lang", "1"],
] as const;

function messages(next: () => number): MessageRow[] {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)] as T;
  return Array.from({ length: Math.floor(next() * 5) }, (_, i) => ({
    side: pick(["a", "b"] as const),
    turn: 1 + Math.floor(i / 2),
    role: pick(["user", "assistant", "user", "system"] as const) as MessageRow["role"],
    content: pick(TEXTS),
    images: pick([null, [], [pick(IMAGES)], [IMAGES[0], IMAGES[1]], [IMAGES[2], IMAGES[0]]] as MessageRow["images"][]),
    tokens: pick([null, 12]),
    markdown: null,
    finishReason: pick([null, "stop", "stopped"]),
  }));
}

function labels(next: () => number): LabelRow[] | null {
  const out: LabelRow[] = [];
  for (const [labeller, version] of LABELLERS)
    for (const category of CATEGORIES)
      if (next() < 0.25) out.push({ labeller, version, category, value: next() < 0.5 });
  if (out.length === 0 && next() < 0.5) return null;
  // the export's order: by labeller, then category (versions of one labeller may interleave)
  return out.sort((x, y) =>
    x.labeller === y.labeller ? (x.category < y.category ? -1 : 1) : x.labeller < y.labeller ? -1 : 1,
  );
}

/** The clean-battle layout as objects: what the records' JSON texts must serialise to, byte for byte. */
function conversationObjects(all: MessageRow[], side: "a" | "b") {
  return all
    .filter((m) => m.side === side)
    .map((m) => {
      const images = m.images ?? [];
      if (m.role === "assistant" || images.length === 0) return { role: m.role, content: m.content };
      return {
        role: "user",
        content: [
          ...images.map((i) => ({ type: "image_url", image_url: { url: imagePath(i) } })),
          { type: "text", text: m.content },
        ],
      };
    });
}

const options = (high: boolean | null): RecordOptions => ({
  judge: (id) => (id ? `j-${id}` : null),
  redact: false,
  dedup: () => (high === null ? { high_freq: false, sampled: true } : { high_freq: true, sampled: high }),
});

function row(next: () => number, n: number): BattleRow {
  return {
    conversationId: `c${n}`,
    mode: "battle",
    modelAId: "alpha",
    modelBId: "beta",
    winner: "model_a",
    visitorId: next() < 0.5 ? `v${n}` : null,
    anonymous: true,
    turn: 1,
    language: null,
    at: new Date(Date.UTC(2026, 0, 1, 0, 0, n)),
    isPreset: false,
    presetId: null,
    inputModality: "image",
    messages: next() < 0.1 ? null : messages(next),
    labels: labels(next),
  };
}

describe("battle and chat records written as JSON text", () => {
  it("serialise to the clean-battle layout's objects, byte for byte, over many battles", () => {
    const next = rng(11);
    for (let n = 0; n < 3000; n++) {
      const battle = row(next, n);
      const high = [null, true, false][n % 3] as boolean | null;
      const record = battleRecord(battle, options(high));
      const all = battle.messages ?? [];
      const shas = [...new Set(all.flatMap((m) => (m.images ?? []).map((i) => i.sha)))];
      const text = JSON.stringify(record);
      const expected = JSON.parse(text) as Record<string, unknown>;
      Object.assign(expected, {
        conversation_a: conversationObjects(all, "a"),
        conversation_b: conversationObjects(all, "b"),
        category_tag: categoryTag(battle.labels ?? []),
        dedup_tag: high === null ? { high_freq: false, sampled: true } : { high_freq: true, sampled: high },
        images: shas,
      });
      expect(text).toBe(JSON.stringify(expected));
      const chat = chatRecord(battle, options(null));
      expect(JSON.stringify(chat.conversation)).toBe(JSON.stringify(conversationObjects(all, "a")));
    }
  });

  it("keep ordinary cases as text (the objects only where a key would move)", () => {
    const battle = row(rng(3), 1);
    battle.labels = [
      { labeller: "vision", version: "v0.1", category: "is_ocr", value: true },
      { labeller: "vision", version: "v0.1", category: "is_captioning", value: false },
    ];
    const record = battleRecord(battle, options(null));
    for (const field of ["conversation_a", "conversation_b", "category_tag", "dedup_tag", "conv_metadata"] as const)
      expect(record[field]).toBeInstanceOf(JsonText);
    expect((record.category_tag as JsonText).text).toBe('{"vision@v0.1":{"is_ocr":true,"is_captioning":false}}');
    battle.labels = [{ labeller: "vision", version: "v0.1", category: "7", value: true }, ...battle.labels];
    expect(battleRecord(battle, options(null)).category_tag).not.toBeInstanceOf(JsonText);
  });
});
