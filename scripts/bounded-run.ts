// What the fault-layer scripts (test-faults.ts, test-abuse.ts) share: they run against the production build, and
// they stop by themselves, whatever happens.

export function requireBuild(fs: typeof import("node:fs")): void {
  if (!fs.existsSync(".next/BUILD_ID")) {
    console.error("error: no production build; run `npm run build` first");
    process.exit(1);
  }
}

/** After `ms`, says that `run` passed its time limit, cleans up and exits 1. */
export function stopAfter(ms: number, run: string, cleanup: () => Promise<void>): void {
  setTimeout(() => {
    console.error(`error: the ${run} run passed its time limit`);
    void cleanup().finally(() => process.exit(1));
  }, ms).unref();
}
