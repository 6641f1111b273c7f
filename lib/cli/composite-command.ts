// `arena leaderboard HUMAN --component FILE:WEIGHT …`: the composite board over battle files (lib/ratings/composite):
// the human battles with their weight and each component's pairwise outcomes with its own.
import fs from "node:fs";
import { readBattles } from "../datasets";
import { selectRows } from "../ratings";
import { compositeLeaderboard } from "../ratings/composite-board";
import { styleFeaturesOf } from "../ratings/types";
import { leaderboardCsv, leaderboardJson, leaderboardTable } from "./format";
import { parseStyleFeatures } from "./style-features";
import { UsageError } from "./usage";

/** What a composite board cannot do (yet): refused rather than ignored. */
const NOT_WITH_COMPONENTS = ["categories", "fragility", "matrices", "anchor"];

function weightOf(text: string, flag: string): number {
  const weight = Number(text);
  if (text.trim() === "" || !Number.isFinite(weight) || weight < 0) {
    throw new UsageError(`${flag} takes a weight of 0 or more, not '${text}'`);
  }
  return weight;
}

/** FILE:WEIGHT, the weight after the last colon (a path may hold colons). */
function componentOf(spec: string): { file: string; weight: number } {
  const at = spec.lastIndexOf(":");
  if (at <= 0)
    throw new UsageError(`--component takes FILE:WEIGHT, e.g. --component mathvista.json:0.5, not '${spec}'`);
  return { file: spec.slice(0, at), weight: weightOf(spec.slice(at + 1), "--component") };
}

async function rowsOf(file: string, strict: boolean, select: Parameters<typeof selectRows>[2], category = "overall") {
  const read = await readBattles(file, { strict });
  const rows = selectRows(read.table, category, select);
  if (rows.length === 0) throw new UsageError(`${file}: no battles left after filtering`);
  return { table: read.table, rows, skipped: read.skipped };
}

export async function compositeCommand(
  file: string,
  values: Record<string, string | boolean | string[] | undefined>,
  format: "table" | "json" | "csv",
  out: NodeJS.WritableStream,
): Promise<void> {
  for (const flag of NOT_WITH_COMPONENTS) {
    if (values[flag]) throw new UsageError(`--${flag} does not go with --component`);
  }
  // style control applies to the human battles only (the other components have no answers to measure)
  const styleFeatures =
    values["style-control"] || values["style-features"] !== undefined
      ? (parseStyleFeatures(values["style-features"] as string | undefined) ?? styleFeaturesOf(["length", "markdown"]))
      : undefined;
  const strict = values.strict === true;
  const category = typeof values.category === "string" ? values.category : "overall";
  const humanWeight =
    typeof values["human-weight"] === "string" ? weightOf(values["human-weight"], "--human-weight") : 1;
  const human = await rowsOf(file, strict, { anonymousOnly: !values["all-battles"] }, category);
  const specs = (values.component as string[]).map(componentOf);
  const parts = [{ ...human, lossWeight: humanWeight }];
  // another component's outcomes come as they are: anonymity is a human battle's notion
  for (const spec of specs)
    parts.push({ ...(await rowsOf(spec.file, strict, { anonymousOnly: false })), lossWeight: spec.weight });
  if (parts.every((p) => p.lossWeight === 0)) throw new UsageError("every weight is 0: nothing to fit");
  const board = compositeLeaderboard(parts, styleFeatures ? { styleFeatures } : {});
  const weights = [
    { file, weight: humanWeight, battles: human.rows.length },
    ...specs.map((s, k) => ({
      file: s.file,
      weight: s.weight,
      battles: (parts[k + 1] as (typeof parts)[number]).rows.length,
    })),
  ];
  let text: string;
  if (format === "json") {
    text = `${JSON.stringify(leaderboardJson(board, { category, composite: weights }), null, 2)}\n`;
  } else if (format === "csv") {
    text = leaderboardCsv([{ category, board }]);
  } else {
    const title = `${category} (composite: ${weights.map((w) => `${w.file} ×${w.weight}`).join(" + ")}): ${board.models.length} models, sandwich${styleFeatures ? ", style control on the human battles" : ""}`;
    text = `${leaderboardTable(board, title)}\n`;
  }
  if (typeof values.out === "string") fs.writeFileSync(values.out, text);
  else out.write(text);
}
