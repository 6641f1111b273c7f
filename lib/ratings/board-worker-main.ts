import { parentPort } from "node:worker_threads";
import { BattleTable } from "./battle-table";
import { computeLeaderboard, type LeaderboardOptions } from "./leaderboard";

type Message = { table: BattleTable } | { id: number; rows: Uint32Array; options: LeaderboardOptions };

// a table arrives (in shared memory), then boards of it, one message each
let table: BattleTable | null = null;

parentPort?.on("message", async (message: Message) => {
  if ("table" in message) {
    table = BattleTable.revive(message.table);
    return;
  }
  try {
    if (!table) throw new Error("a board was asked for before its table");
    // this thread is one of the pool's: the board's rounds stay in it
    const board = await computeLeaderboard(table, message.rows, { ...message.options, workers: 0 });
    parentPort?.postMessage({ id: message.id, board });
  } catch (error) {
    parentPort?.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
