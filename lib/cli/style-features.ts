// `--style-features length,markdown,specificity`: the style-control groups a command controls for.
import { STYLE_GROUPS, type StyleFeature, type StyleGroup, styleFeaturesOf } from "../ratings/types";
import { UsageError } from "./usage";

export function parseStyleFeatures(value: string | undefined): StyleFeature[] | undefined {
  if (value === undefined) return undefined;
  const groups = value
    .split(",")
    .map((g) => g.trim())
    .filter(Boolean);
  for (const group of groups)
    if (!(group in STYLE_GROUPS))
      throw new UsageError(`--style-features takes ${Object.keys(STYLE_GROUPS).join(",")}, not '${group}'`);
  if (groups.length === 0) throw new UsageError("--style-features needs at least one of length,markdown,specificity");
  return styleFeaturesOf(groups as StyleGroup[]);
}
