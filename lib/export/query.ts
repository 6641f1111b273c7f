// The export filters as URL query parameters, shared by GET /api/export and the researcher download.
import { z } from "zod";
import { InvalidInput } from "../errors";
import type { ExportFilters } from "./export-types";

const list = z
  .string()
  .transform((v) =>
    v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .optional();
const date = z.iso.datetime({ offset: true }).or(z.iso.date()).optional();
const flag = z.enum(["0", "1", "true", "false", "on"]).optional();
const on = (value: string | undefined) => value === "1" || value === "true" || value === "on";

const query = z.object({
  from: date,
  to: date,
  anonymous_only: flag,
  categories: list,
  models: list,
  min_votes: z.coerce.number().int().min(1).optional(),
  salt: z.string().min(8).max(200).optional(),
  redact: flag,
  blur_faces: flag,
  cohorts: flag,
});

export interface ExportRequest {
  filters: ExportFilters;
  /** the judge hashes' salt when the researcher gave one (else each export draws its own) */
  salt?: string;
  redact: boolean;
  blurFaces: boolean;
}

/** from, to (dates or times), anonymous_only, categories, models (comma lists), min_votes, salt, redact, blur_faces,
 *  cohorts. */
export function exportRequestFrom(params: URLSearchParams): ExportRequest {
  // a list may come as one comma-separated value or as repeated parameters (an HTML form's checkboxes)
  const entries: Record<string, string> = {};
  for (const [key, value] of params) {
    if (value === "") continue;
    entries[key] = key in entries && (key === "categories" || key === "models") ? `${entries[key]},${value}` : value;
  }
  const parsed = query.safeParse(entries);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InvalidInput("invalid_request", `${issue?.path.join(".") || "query"}: ${issue?.message ?? "invalid"}`);
  }
  const q = parsed.data;
  return {
    filters: {
      from: q.from ? new Date(q.from) : undefined,
      to: q.to ? new Date(q.to) : undefined,
      anonymousOnly: on(q.anonymous_only),
      categories: q.categories?.length ? q.categories : undefined,
      models: q.models?.length ? q.models : undefined,
      minVotes: q.min_votes,
      cohorts: on(q.cohorts),
    },
    salt: q.salt,
    redact: on(q.redact),
    blurFaces: on(q.blur_faces),
  };
}
