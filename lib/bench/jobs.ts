// The jobs process's side of the bench queues: judgings (each followed by a fresh score of its bench), curations
// and score recomputes.
import type { JobHandlers } from "../jobs";
import { computeBenchBoard } from "./board-compute";
import { curateBench } from "./curate";
import { executeJudging } from "./judging";

export const benchJobs: JobHandlers = {
  "bench-judge": async ([job], { db, log }) => {
    if (!job) return;
    const r = await executeJudging(db, job.data.judgeRunId);
    log(`bench: judging ${r.judgeRunId} ${r.status}: ${r.judged} judged, ${r.invalid} invalid, ${r.failed} failed`);
    if (r.status === "busy") return;
    const board = await computeBenchBoard(db, { judgeRunId: r.judgeRunId });
    if (board)
      log(`bench: scored ${board.selection.set} against ${board.selection.anchor} by ${board.selection.judge}`);
  },
  "bench-curate": async ([job], { db, log }) => {
    if (!job) return;
    const result = await curateBench(db, job.data);
    log(
      `bench: curated ${result.set.name}@${result.set.version}: ${result.selected} of ${result.pool} (${result.method})`,
    );
  },
  "bench-board": async ([job], { db, log }) => {
    if (!job) return;
    await computeBenchBoard(db, { selection: job.data });
    log(`bench: scored ${job.data.set} against ${job.data.anchor} by ${job.data.judge}`);
  },
};
