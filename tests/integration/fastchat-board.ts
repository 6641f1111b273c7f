// Imported for its effect, before anything reads the configuration: the live boards as FastChat computes them
// (bootstrap intervals, every model ranked), for tests that read ranks off a board of a handful of votes. The live
// listing policy (ranked from ARENA_MIN_VOTES, sandwich intervals) is tested in leaderboard.test.ts.
process.env.ARENA_BOARD_CI = "bootstrap";
process.env.ARENA_BOARD_REWEIGHTED = "0";
process.env.ARENA_MIN_VOTES = "0";
