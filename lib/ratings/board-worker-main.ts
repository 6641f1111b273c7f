import { parentPort, workerData } from "node:worker_threads";
import { BattleTable } from "./battle-table";
import { computeLeaderboard, type LeaderboardOptions } from "./leaderboard";

// the table arrives once, in shared memory; then boards, one message each
const table = BattleTable.revive((workerData as { table: BattleTable }).table);

parentPort?.on("message", async (message: { id: number; rows: Uint32Array; options: LeaderboardOptions }) => {
  try {
    // this thread is one of the pool's: the board's rounds stay in it
    const board = await computeLeaderboard(table, message.rows, { ...message.options, workers: 0 });
    parentPort?.postMessage({ id: message.id, board });
  } catch (error) {
    parentPort?.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
