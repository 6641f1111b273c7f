/** Unhandled rejections are logged, never a crash, whatever handler a library installs (crash-guard.mjs). */
export function guardProcess(options: { name: string; log?: (line: string) => void }): void;
