// The body of GET /api/leaderboard, built once per snapshot: the API is polled by many clients, snapshots change
// at most once a minute, and a stored board is large JSON. Which snapshot is current is itself cached for a moment
// (./ttl-cache), so a new or published run shows within ARENA_LEADERBOARD_CACHE_MS.
import { createHash } from "node:crypto";
import { type Citation, citationComment, citationFor } from "../citation";
import type { Db } from "../db/context";
import { csvCell } from "../text";
import { type BoardSource, type ServedSnapshot, servedSnapshot } from "./serve";

export interface BuiltResponse {
  body: string;
  contentType: string;
  etag: string;
  lastModified: string;
}

export const CSV_HEADER =
  "rank,model,display_name,rating,ci_lower,ci_upper,votes,win_rate,organization,license,preliminary,retired,rank_best,rank_worst,fragility_votes,fragility_with,method,tier";

/** Extras a client may ask for with `include=`: they are large and most clients poll for the table only. */
export const EXTRAS = ["matrices", "summary"] as const;
export type Extra = (typeof EXTRAS)[number];

function build(
  snapshot: ServedSnapshot,
  board: BoardSource,
  format: "json" | "csv",
  citation: Citation,
  include: Extra[] = [],
): BuiltResponse {
  const { matrices, summary, ...payload } = snapshot.payload;
  const meta = {
    // a new licence or citation line is a new answer, so a client's If-None-Match does not keep the old one
    etag: `${snapshot.etag.slice(0, -1)}-${format}${include.length ? `-${include.join("-")}` : ""}-${createHash("sha256").update(`${citation.licence}\u0000${citation.citation}`).digest("hex").slice(0, 8)}"`,
    lastModified: snapshot.createdAt.toUTCString(),
  };
  if (format === "csv") {
    // the licence, citation and as-of date as comment lines; the first line that is not one is the header
    const lines = [citationComment(citation), CSV_HEADER];
    const method = payload.method ? `${payload.method.ci}${payload.method.reweighted ? "+reweighted" : ""}` : "";
    const figure = (v: number) => (Number.isFinite(v) ? v : null);
    for (const m of payload.models) {
      const cells = [
        m.rank,
        m.model,
        m.displayName,
        m.rating,
        figure(m.ciLower),
        figure(m.ciUpper),
        m.votes,
        m.winRate,
      ];
      const listing = [m.organization, m.license, m.preliminary, m.retired, m.rankSpread?.[0] ?? null];
      const fragile = [
        m.rankSpread?.[1] ?? null,
        m.fragility?.votes ?? null,
        m.fragility?.with ?? null,
        method,
        m.tier,
      ];
      lines.push([...cells, ...listing, ...fragile].map(csvCell).join(","));
    }
    return { ...meta, body: `${lines.join("\n")}\n`, contentType: "text/csv; charset=utf-8" };
  }
  const body = JSON.stringify({
    ...citation,
    board,
    category: snapshot.category,
    styleControl: snapshot.styleControl,
    snapshotTime: snapshot.createdAt.toISOString(),
    voteCount: snapshot.voteCount,
    published: snapshot.published,
    ...payload,
    ...(include.includes("matrices") && matrices ? { matrices } : {}),
    ...(include.includes("summary") && summary ? { summary } : {}),
  });
  return { ...meta, body, contentType: "application/json" };
}

const built = new Map<string, BuiltResponse>();

/** The response for one board, or null when it has no snapshot yet. Built once per snapshot and format. */
export async function leaderboardResponse(
  db: Db,
  board: { source?: BoardSource; category: string; styleControl: boolean; format: "json" | "csv"; include?: Extra[] },
): Promise<BuiltResponse | null> {
  const source = board.source ?? "live";
  const snapshot = await servedSnapshot(db, board.category, board.styleControl, source);
  if (!snapshot) return null;
  const include = EXTRAS.filter((e) => board.include?.includes(e));
  // as of the snapshot; a licence the admins change reaches the next answer (the settings' cache aside)
  const citation = await citationFor(db, snapshot.createdAt);
  const key = `${snapshot.etag}\u0000${board.format}\u0000${include.join(",")}\u0000${citation.licence}\u0000${citation.citation}`;
  let response = built.get(key);
  if (!response) {
    if (built.size > 200) built.clear();
    response = build(snapshot, source, board.format, citation, include);
    built.set(key, response);
  }
  return response;
}

/**
 * The boards read most (overall, with and without style control) loaded and built once, as a web process starts:
 * the first read of a board otherwise also compiles the payload's schema and the queries (~15 ms of the event loop
 * here, several times that behind a burst of uploads: `npm run test:admission`'s first board read 177–199 ms).
 */
export async function warmLeaderboardResponses(db: Db): Promise<void> {
  for (const styleControl of [false, true])
    await leaderboardResponse(db, { category: "overall", styleControl, format: "json" });
}
