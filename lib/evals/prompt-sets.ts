// Prompt sets for offline runs, stored in PostgreSQL: items with their turns, images (by hash, like arena images),
// metadata and provenance, in numbered versions. Imported from and exported to arena-hard-auto's question layout:
// one JSON line per item `{question_id, category, turns: [{content}]}`, where the first turn's content is the text,
// or `[text, [image, …]]` with the images in a folder beside it (`<ref>` or `<ref>.jpg|.png|.webp|.jpeg|.gif`).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Db } from "../db/context";
import { domainError } from "../errors";
import { EXTENSION, ImageRejected, ingestImage, loadImage } from "../images";
import { JsonLinesError, readJsonLines } from "./jsonl";

export class PromptSetError extends domainError("invalid", "invalid_prompt_set") {}

export interface PromptTurn {
  content: string;
}

interface ParsedItem {
  questionId: string;
  category: string | null;
  turns: PromptTurn[];
  imageRefs: string[];
  metadata: Record<string, unknown> | null;
  line: number;
}

const IMAGE_EXTENSIONS = ["", ".jpg", ".png", ".webp", ".jpeg", ".gif"];
const KNOWN_FIELDS = new Set(["question_id", "uid", "category", "turns", "cluster", "provenance"]);

function parseItem(row: Record<string, unknown>, where: string): Omit<ParsedItem, "line"> {
  const id = row.question_id ?? row.uid;
  if (typeof id !== "string" && typeof id !== "number")
    throw new PromptSetError(`${where}: field question_id is missing`);
  if (row.category !== undefined && row.category !== null && typeof row.category !== "string") {
    throw new PromptSetError(`${where}: field category is not a string`);
  }
  if (!Array.isArray(row.turns) || row.turns.length === 0) {
    throw new PromptSetError(`${where}: field turns is missing or empty`);
  }
  const turns: PromptTurn[] = [];
  let imageRefs: string[] = [];
  for (const [i, turn] of (row.turns as unknown[]).entries()) {
    const content = (turn as { content?: unknown } | null)?.content;
    if (typeof content === "string") {
      turns.push({ content });
    } else if (Array.isArray(content) && typeof content[0] === "string" && Array.isArray(content[1])) {
      if (i > 0) throw new PromptSetError(`${where}: turns[${i}].content: images are taken in the first turn only`);
      if (!content[1].every((ref) => typeof ref === "string" && ref.length > 0)) {
        throw new PromptSetError(`${where}: turns[${i}].content[1]: image references must be non-empty strings`);
      }
      turns.push({ content: content[0] });
      imageRefs = content[1] as string[];
    } else {
      throw new PromptSetError(`${where}: turns[${i}].content: expected text, or [text, [image, …]]`);
    }
  }
  const extra = Object.fromEntries(Object.entries(row).filter(([key]) => !KNOWN_FIELDS.has(key)));
  const metadata = { ...(row.cluster !== undefined ? { cluster: row.cluster } : {}), ...extra };
  return {
    questionId: String(id),
    category: typeof row.category === "string" ? row.category : null,
    turns,
    imageRefs,
    metadata: Object.keys(metadata).length ? metadata : null,
  };
}

function findImage(dir: string, ref: string): string | null {
  const base = path.resolve(dir);
  for (const extension of IMAGE_EXTENSIONS) {
    const file = path.resolve(base, `${ref}${extension}`);
    if (!file.startsWith(`${base}${path.sep}`)) return null; // a reference may not leave the folder
    if (fs.existsSync(file) && fs.statSync(file).isFile()) return file;
  }
  return null;
}

export interface ImportedSet {
  id: string;
  name: string;
  version: number;
  items: number;
  images: number;
}

/**
 * Reads a question file (and its images folder), checks every line, stores the images, then writes the set as a
 * new version in one transaction: a bad line leaves nothing behind and is reported as file:line: field.
 */
export async function importPromptSet(
  db: Db,
  options: {
    file: string;
    name: string;
    imagesDir?: string;
    description?: string;
    licence?: string;
    onProgress?: (done: number, total: number) => void;
  },
): Promise<ImportedSet> {
  if (!/^[a-z0-9][a-z0-9._-]{0,63}$/i.test(options.name)) {
    throw new PromptSetError("a prompt set's name takes letters, digits, '.', '_' and '-' (at most 64)");
  }
  const items: ParsedItem[] = [];
  const seen = new Set<string>();
  try {
    for await (const { row, line } of readJsonLines(options.file)) {
      const where = `${options.file}:${line}`;
      const item = { ...parseItem(row, where), line };
      if (seen.has(item.questionId)) throw new PromptSetError(`${where}: question_id '${item.questionId}' repeats`);
      seen.add(item.questionId);
      items.push(item);
    }
  } catch (error) {
    if (error instanceof JsonLinesError) throw new PromptSetError(error.message);
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new PromptSetError(`${options.file}: no such file`);
    throw error;
  }
  if (items.length === 0) throw new PromptSetError(`${options.file}: no items`);
  const imageDir = options.imagesDir ?? path.join(path.dirname(options.file), "images");
  const shasByItem = new Map<string, string[]>();
  const stored = new Set<string>();
  let done = 0;
  for (const item of items) {
    const shas: string[] = [];
    for (const [i, ref] of item.imageRefs.entries()) {
      const where = `${options.file}:${item.line}: turns[0].content[1][${i}]`;
      const file = findImage(imageDir, ref);
      if (!file) throw new PromptSetError(`${where}: image '${ref}' not found in ${imageDir}`);
      try {
        const image = await ingestImage(db.pool, path.basename(file), fs.readFileSync(file));
        shas.push(image.sha256);
        stored.add(image.sha256);
      } catch (error) {
        if (error instanceof ImageRejected) throw new PromptSetError(`${where}: ${error.message}`);
        throw error;
      }
    }
    shasByItem.set(item.questionId, shas);
    options.onProgress?.(++done, items.length);
  }
  const set = await createPromptSetVersion(
    db,
    {
      name: options.name,
      description: options.description ?? null,
      licence: options.licence ?? null,
      source: `file:${path.resolve(options.file)}`,
    },
    items.map((item) => ({
      questionId: item.questionId,
      category: item.category,
      turns: item.turns,
      metadata: item.metadata,
      provenance: { file: path.resolve(options.file), line: item.line },
      imageShas: shasByItem.get(item.questionId) ?? [],
    })),
  );
  return { id: set.id, name: set.name, version: set.version, items: items.length, images: stored.size };
}

export interface NewPromptItem {
  questionId: string;
  category: string | null;
  turns: PromptTurn[];
  metadata?: Record<string, unknown> | null;
  provenance: Record<string, unknown>;
  /** images of the first turn, already stored */
  imageShas: string[];
}

/** Writes the next version of a named set, items and image links in one transaction. */
export async function createPromptSetVersion(
  db: Db,
  set: { name: string; description: string | null; licence: string | null; source: string; metadata?: object },
  items: NewPromptItem[],
) {
  return db.prisma.$transaction(
    async (tx) => {
      // one writer of a name at a time, so two imports never claim the same version
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`prompt-set:${set.name}`}))`;
      const latest = await tx.promptSet.aggregate({ where: { name: set.name }, _max: { version: true } });
      const created = await tx.promptSet.create({
        data: {
          name: set.name,
          version: (latest._max.version ?? 0) + 1,
          description: set.description,
          licence: set.licence,
          source: set.source,
          ...(set.metadata ? { metadata: set.metadata } : {}),
        },
      });
      const rows = items.map((item, position) => ({
        id: crypto.randomUUID(),
        setId: created.id,
        questionId: item.questionId,
        position,
        category: item.category,
        turns: item.turns as unknown as object[],
        metadata: (item.metadata ?? undefined) as object | undefined,
        provenance: item.provenance as object,
      }));
      await tx.promptItem.createMany({ data: rows });
      await tx.promptItemImage.createMany({
        data: rows.flatMap((row, i) =>
          (items[i]?.imageShas ?? []).map((imageSha256, position) => ({ itemId: row.id, position, imageSha256 })),
        ),
      });
      return created;
    },
    { timeout: 120_000 },
  );
}

export interface PromptSetInfo {
  id: string;
  name: string;
  version: number;
  items: number;
  source: string;
  licence: string | null;
  createdAt: Date;
}

export async function listPromptSets(db: Db): Promise<PromptSetInfo[]> {
  const sets = await db.prisma.promptSet.findMany({
    orderBy: [{ name: "asc" }, { version: "desc" }],
    include: { _count: { select: { items: true } } },
  });
  return sets.map((s) => ({
    id: s.id,
    name: s.name,
    version: s.version,
    items: s._count.items,
    source: s.source,
    licence: s.licence,
    createdAt: s.createdAt,
  }));
}

/** `name` (the newest version) or `name@version`. */
export async function findPromptSet(db: Db, ref: string) {
  const [name, version] = ref.split("@");
  if (version !== undefined && !/^\d+$/.test(version)) throw new PromptSetError(`'${ref}': the version is a number`);
  const set = await db.prisma.promptSet.findFirst({
    where: { name, ...(version ? { version: Number(version) } : {}) },
    orderBy: { version: "desc" },
  });
  if (!set) throw new PromptSetError(`no prompt set '${ref}'`);
  return set;
}

/** Writes `question.jsonl` in arena-hard-auto's layout, `images/<sha256>.<ext>` and a README with the licence. */
export async function exportPromptSet(db: Db, ref: string, outDir: string) {
  const set = await findPromptSet(db, ref);
  const items = await db.prisma.promptItem.findMany({
    where: { setId: set.id },
    orderBy: { position: "asc" },
    include: { images: { orderBy: { position: "asc" }, include: { image: true } } },
  });
  fs.mkdirSync(path.join(outDir, "images"), { recursive: true });
  const lines: string[] = [];
  const written = new Set<string>();
  for (const item of items) {
    const turns = item.turns as unknown as PromptTurn[];
    const refs = item.images.map((i) => i.imageSha256);
    const content = refs.length ? [turns[0]?.content ?? "", refs] : (turns[0]?.content ?? "");
    lines.push(
      JSON.stringify({
        question_id: item.questionId,
        category: item.category,
        turns: [{ content }, ...turns.slice(1)],
        ...((item.metadata as object | null) ?? {}),
        provenance: item.provenance,
      }),
    );
    for (const { image } of item.images) {
      if (written.has(image.sha256)) continue;
      const bytes = await loadImage(db.prisma, image.sha256);
      if (!bytes) throw new PromptSetError(`image ${image.sha256} of item ${item.questionId} is missing from storage`);
      const extension = EXTENSION[image.mime as keyof typeof EXTENSION] ?? "png";
      fs.writeFileSync(path.join(outDir, "images", `${image.sha256}.${extension}`), bytes.data);
      written.add(image.sha256);
    }
  }
  fs.writeFileSync(path.join(outDir, "question.jsonl"), `${lines.join("\n")}\n`);
  fs.writeFileSync(
    path.join(outDir, "README.md"),
    [
      `# Prompt set ${set.name} (version ${set.version})`,
      "",
      `- items: ${items.length}; images: ${written.size}`,
      `- source: ${set.source}`,
      `- licence: ${set.licence ?? "not stated"}`,
      ...(set.description ? ["", set.description] : []),
      "",
      "Layout: arena-hard-auto's question file (`question.jsonl`: question_id, category, turns; the first turn's",
      "content is [text, [image, …]] when it has images) with the images in `images/<sha256>.<ext>`.",
      "",
    ].join("\n"),
  );
  return { name: set.name, version: set.version, items: items.length, images: written.size };
}
