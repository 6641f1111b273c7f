// Audited decisions that change which votes count for many battles at once (a visitor's, an image's). The scheduler
// recomputes after one as after a new vote (run-snapshots.ts `latestDataAt`), and the jobs process's vote cache reads
// every vote again (live-cache.ts): an incremental read sees new rows, not rows that went or stopped counting.
export const VOTE_CHANGING_ACTIONS = [
  "visitor.ban",
  "visitor.unban",
  "moderation.ban",
  "moderation.release",
  "moderation.mark",
  "moderation.exclude",
  "moderation.ban-asker",
  // a visitor deleted their data (lib/privacy): their votes are gone
  "visitor.data_deleted",
];
