// `arena evals sets …`: prompt sets for offline runs — import from arena-hard-auto's question layout, list, export.
import { parseArgs } from "node:util";
import { prepareDatabase } from "../db/bootstrap";
import { closeDb, createDb } from "../db/context";
import { exportPromptSet, importPromptSet, listPromptSets } from "../evals";
import { progressBar } from "./progress";
import { UsageError } from "./usage";

export const EVALS_HELP = `usage: arena evals sets list
       arena evals sets import FILE --name NAME [--images DIR] [--licence TEXT] [--description TEXT]
       arena evals sets export NAME[@VERSION] --out DIR

Prompt sets in arena-hard-auto's question layout: one JSON line per item {question_id, category, turns:
[{content}]}; the first turn's content is the text, or [text, [image, …]] with the images in DIR (default: the
images folder beside FILE), found as <ref> or <ref>.jpg|.png|.webp|.jpeg|.gif. Every import of a name is a new
version; a bad line stops the import with one line naming the file, the line and the field, and writes nothing.
Export writes question.jsonl, images/<sha256>.<ext> and a README with the source and licence.`;

export async function evalsCommand(argv: string[]): Promise<void> {
  const [group, action, ...rest] = argv;
  if (!group || group === "--help" || group === "-h" || action === "--help" || action === "-h") {
    process.stdout.write(`${EVALS_HELP}\n`);
    if (!group) throw new UsageError("arena evals needs a subcommand (try: arena evals --help)");
    return;
  }
  if (group !== "sets" || !["list", "import", "export"].includes(action ?? "")) {
    throw new UsageError("arena evals takes: sets list | sets import FILE --name NAME | sets export NAME --out DIR");
  }
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      name: { type: "string" },
      images: { type: "string" },
      licence: { type: "string" },
      description: { type: "string" },
      out: { type: "string" },
    },
  });
  if (action === "import" && (positionals.length !== 1 || !values.name)) {
    throw new UsageError("arena evals sets import needs one FILE and --name NAME");
  }
  if (action === "export" && (positionals.length !== 1 || !values.out)) {
    throw new UsageError("arena evals sets export needs NAME[@VERSION] and --out DIR");
  }
  const database = await prepareDatabase();
  const db = createDb(database.url);
  try {
    if (action === "list") {
      const sets = await listPromptSets(db);
      if (sets.length === 0) process.stdout.write("no prompt sets yet (arena evals sets import FILE --name NAME)\n");
      for (const s of sets) {
        process.stdout.write(
          `${`${s.name}@${s.version}`.padEnd(32)} ${String(s.items).padStart(6)} items  ${s.licence ?? "licence not stated"}  ${s.source}\n`,
        );
      }
    } else if (action === "import") {
      const bar = progressBar("images");
      const set = await importPromptSet(db, {
        file: positionals[0] as string,
        name: values.name as string,
        imagesDir: values.images,
        licence: values.licence,
        description: values.description,
        onProgress: (d, t) => bar.update(d, t),
      });
      bar.done();
      process.stdout.write(`imported ${set.items} items (${set.images} images) as ${set.name}@${set.version}\n`);
    } else {
      const written = await exportPromptSet(db, positionals[0] as string, values.out as string);
      process.stdout.write(
        `wrote ${written.items} items and ${written.images} images of ${written.name}@${written.version} to ${values.out}\n`,
      );
    }
  } finally {
    await closeDb(db);
    await database.stop();
  }
}
