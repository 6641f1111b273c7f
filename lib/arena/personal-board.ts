// A visitor's own board (/me): each model they voted on, scored from their own votes alone, beside its place on the
// public default board. With a handful of votes a Bradley–Terry fit is mostly noise, so the score is ComparIA's shrunk
// win rate: (wins + ½ ties + 2m) / (battles + 2) with m = ½, pulled toward an even record until the votes say
// otherwise; "both bad" counts as a tie. Every vote the visitor cast counts here, whether or not the public board
// counts it (it is their own opinion).

import type { Db } from "../db/context";
import { sql } from "../db/sql";
import { DEFAULT_BOARD, servedSnapshot } from "../leaderboard";
import { wilsonInterval } from "../numeric";

/** The prior win rate the score is shrunk toward, and the votes' worth of it (ComparIA's 2m over 2). */
export const PERSONAL_PRIOR = 0.5;
const PRIOR_VOTES = 2;

export interface PersonalRow {
  model: string;
  displayName: string;
  battles: number;
  wins: number;
  ties: number;
  losses: number;
  /** the shrunk win rate */
  score: number;
  /** 95% Wilson interval of the raw win rate (ties half) */
  interval: [number, number];
  /** its Rank (UB) and score on the public default board; null when it is not ranked there */
  publicRank: number | null;
  publicScore: number | null;
}

export interface PersonalBoard {
  votes: number;
  rows: PersonalRow[];
}

export const shrunkWinRate = (wins: number, ties: number, battles: number) =>
  (wins + ties / 2 + PRIOR_VOTES * PERSONAL_PRIOR) / (battles + PRIOR_VOTES);

export async function personalBoard(db: Db, visitorId: string): Promise<PersonalBoard> {
  const { rows } = await db.pool.query<{ modelAId: string; modelBId: string; winner: string }>(
    sql`SELECT v."modelAId", v."modelBId", v.winner::text AS winner FROM "Vote" v
         WHERE v."visitorId" = ${visitorId}`,
  );
  const tally = new Map<string, { wins: number; ties: number; losses: number }>();
  const of = (model: string) => {
    const known = tally.get(model);
    if (known) return known;
    const fresh = { wins: 0, ties: 0, losses: 0 };
    tally.set(model, fresh);
    return fresh;
  };
  for (const { modelAId, modelBId, winner } of rows) {
    const [a, b] = [of(modelAId), of(modelBId)];
    if (winner === "model_a") [a.wins, b.losses] = [a.wins + 1, b.losses + 1];
    else if (winner === "model_b") [b.wins, a.losses] = [b.wins + 1, a.losses + 1];
    else [a.ties, b.ties] = [a.ties + 1, b.ties + 1];
  }
  const board = await servedSnapshot(db, DEFAULT_BOARD.category, DEFAULT_BOARD.styleControl).catch(() => null);
  const listed = new Map((board?.payload.models ?? []).map((m) => [m.model, m]));
  const names = await db.prisma.model.findMany({
    where: { id: { in: [...tally.keys()] } },
    select: { id: true, displayName: true },
  });
  const display = new Map(names.map((m) => [m.id, m.displayName]));
  const result = [...tally.entries()].map(([model, { wins, ties, losses }]) => {
    const battles = wins + ties + losses;
    const publicEntry = listed.get(model);
    return {
      model,
      displayName: display.get(model) ?? model,
      battles,
      wins,
      ties,
      losses,
      score: shrunkWinRate(wins, ties, battles),
      interval: wilsonInterval(wins + ties / 2, battles),
      publicRank: publicEntry?.rank ?? null,
      publicScore: publicEntry ? Math.round(publicEntry.rating) : null,
    };
  });
  result.sort((x, y) => y.score - x.score || y.battles - x.battles || x.displayName.localeCompare(y.displayName));
  return { votes: rows.length, rows: result };
}
