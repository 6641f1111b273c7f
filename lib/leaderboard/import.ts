// An external battle file as a named source, kept apart from the live votes: its overall boards (with and without
// style control) are stored as snapshots of that source, to be compared with the live leaderboard.
import crypto from "node:crypto";
import { readBattles } from "../datasets";
import type { Db } from "../db/context";
import { domainError } from "../errors";
import { computeLeaderboard, selectRows } from "../ratings";
import { payloadOf } from "./board-payload";
import { type Agreement, type BoardEntry, compareBoards } from "./compare";
import { currentSnapshot, SNAPSHOT_ROUNDS } from "./serve";
import { readImportedBoard } from "./snapshot-payload";

export class ImportError extends domainError("invalid", "invalid_import") {}

export async function importSource(
  db: Db,
  options: { file: string; name: string; rounds?: number; seed?: number; onProgress?: (d: number, t: number) => void },
) {
  if (!/^[a-z0-9][a-z0-9._-]{0,63}$/i.test(options.name) || options.name === "live") {
    throw new ImportError("the source name takes letters, digits, '.', '_' and '-' (and is not 'live')");
  }
  const read = await readBattles(options.file, { onProgress: options.onProgress });
  const rows = selectRows(read.table, "overall");
  if (rows.length === 0) throw new ImportError(`no anonymous battles in ${options.file}`);
  const rounds = options.rounds ?? SNAPSHOT_ROUNDS;
  const seed = options.seed ?? 0;
  const runId = crypto.randomUUID();
  const known = new Map(
    (
      await db.prisma.model.findMany({
        select: { id: true, displayName: true, organization: true, license: true, isDemo: true },
      })
    ).map((m) => [m.id, m]),
  );
  const boards = [];
  for (const styleControl of [false, true]) {
    try {
      const board = await computeLeaderboard(read.table, rows, { styleControl, bootstrapRounds: rounds, seed });
      boards.push({ styleControl, board });
    } catch (error) {
      if (!styleControl) throw error; // a file without style counts still gets its plain board
    }
  }
  await db.prisma.$transaction(
    boards.map(({ styleControl, board }) =>
      db.prisma.leaderboardSnapshot.create({
        data: {
          source: options.name,
          category: "overall",
          styleControl,
          params: { bootstrapRounds: rounds, seed, ci: "bootstrap", file: options.file, runId, skipped: read.skipped },
          payload: payloadOf(board, known, runId, "imported") as object,
          voteCount: board.battles,
        },
      }),
    ),
  );
  return { battles: rows.length, skipped: read.skipped, boards: boards.length };
}

/** The imported source's overall board against the live one (the published run, else the newest). */
export async function compareWithLive(db: Db, name: string, styleControl = false): Promise<Agreement> {
  const imported = await db.prisma.leaderboardSnapshot.findFirst({
    where: { source: name, category: "overall", styleControl },
    orderBy: { createdAt: "desc" },
  });
  if (!imported) throw new ImportError(`no imported source '${name}'${styleControl ? " with style control" : ""}`);
  const live = await currentSnapshot(db, "overall", styleControl);
  if (!live) throw new ImportError("the live leaderboard has no snapshot yet; run `arena snapshot` first");
  return compareBoards(live.payload.models, readImportedBoard(imported.payload, imported.id).models);
}

/** The overall board of the live arena ("live": the published run, else the newest) or of an imported source. */
export async function referenceBoard(db: Db, name: string, styleControl = false): Promise<BoardEntry[]> {
  if (name === "live") {
    const live = await currentSnapshot(db, "overall", styleControl);
    if (!live) throw new ImportError("the live leaderboard has no snapshot yet; run `arena snapshot` first");
    return live.payload.models;
  }
  const imported = await db.prisma.leaderboardSnapshot.findFirst({
    where: { source: name, category: "overall", styleControl },
    orderBy: { createdAt: "desc" },
  });
  if (!imported) throw new ImportError(`no imported source '${name}' (arena import FILE --name ${name})`);
  return readImportedBoard(imported.payload, imported.id).models;
}
