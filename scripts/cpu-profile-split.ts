// Where a process's CPU went, by part of the code, from the V8 CPU profiles (`node --cpu-prof`) of the web
// processes: each sample is given to the innermost frame that belongs to a known part (the provider parsers, the
// relay, the database client, image work, …), code bundled by esbuild (the front door's direct routes) mapped back
// to its source file through its source map. Used by bench:arena (BENCH_PROFILE_DIR) to print the relay's split.
import fs from "node:fs";
import { SourceMap } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Parts of the code, tried in this order on a frame's source path (or its function name for the runtime's). */
const PARTS: [string, RegExp][] = [
  ["provider parsers", /lib\/providers\//],
  ["relay (turns, stream, vote)", /lib\/arena\/|app\/api\/conversations\//],
  ["HTTP front door", /lib\/http\/|scripts\/web-server/],
  ["database client", /node_modules\/(pg|pg-protocol|pg-pool|@prisma|\.prisma)\/|lib\/db\//],
  ["images", /node_modules\/sharp\/|lib\/images\/|lib\/image-safety\//],
  ["token counting and text", /node_modules\/js-tiktoken\/|lib\/text\//],
  ["style and language", /lib\/style\/|lib\/language|node_modules\/(tinyld|franc|eld)/],
  ["Next.js and React", /node_modules\/(next|react|react-dom)\/|\.next\//],
  ["module loading", /node:internal\/modules\//],
  ["sockets and streams", /node:(net|_http|http|internal\/stream|internal\/streams|stream|internal\/http)/],
  ["rest of lib", /\/lib\//],
];

const SPECIAL: Record<string, string> = {
  "(idle)": "idle",
  "(garbage collector)": "garbage collection",
  "(program)": "runtime",
};

/** Source maps of bundled files, read once. */
const maps = new Map<string, SourceMap | null>();
function sourceOf(frame: ProfileNode["callFrame"]): string {
  const { url } = frame;
  // bundles of ours (esbuild's dist/, Next's .next/) name their sources in a map beside them
  if (!url.startsWith("file:") || url.includes("/node_modules/")) return url;
  let map = maps.get(url);
  if (map === undefined) {
    try {
      const file = fileURLToPath(url);
      map = new SourceMap(JSON.parse(fs.readFileSync(`${file}.map`, "utf8")));
    } catch {
      map = null; // no map: the file is its own source
    }
    maps.set(url, map);
  }
  const entry = map?.findEntry(frame.lineNumber, frame.columnNumber) as { originalSource?: string } | undefined;
  return entry?.originalSource ?? url;
}

function partOf(frame: ProfileNode["callFrame"]): string | null {
  const special = SPECIAL[frame.functionName];
  if (special && !frame.url) return special;
  const source = sourceOf(frame);
  for (const [part, pattern] of PARTS) if (pattern.test(source)) return part;
  return null;
}

/** Now on the profiles' clock: V8 stamps samples in microseconds of the monotonic clock, as process.hrtime does. */
export const profileClockUs = () => Number(process.hrtime.bigint() / 1000n);

/**
 * Milliseconds of CPU per part over every profile in `dir` (idle left out of the total); with `windows`
 * ([start, end] on profileClockUs), only the samples taken within one of them.
 */
export function cpuProfileSplit(
  dir: string,
  windows?: [number, number][],
): { totalMs: number; parts: Record<string, number>; hottest: Record<string, number> } {
  const within = (us: number) => !windows || windows.some(([start, end]) => us >= start && us <= end);
  const parts: Record<string, number> = {};
  /** self time by function, to say what inside a part is hot */
  const functions = new Map<string, number>();
  for (const name of fs.readdirSync(dir).filter((f) => f.endsWith(".cpuprofile"))) {
    const profile = JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")) as CpuProfile;
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
    // a node's part: its own, else its caller's (a builtin called by our relay is the relay's work)
    const decided = new Map<number, string>();
    const decide = (id: number): string => {
      const known = decided.get(id);
      if (known) return known;
      const node = byId.get(id) as ProfileNode;
      const up = parent.get(id);
      const part = partOf(node.callFrame) ?? (up === undefined ? "other" : decide(up));
      decided.set(id, part);
      return part;
    };
    let at = profile.startTime;
    profile.samples.forEach((id, k) => {
      at += profile.timeDeltas[k] ?? 0;
      if (!within(at)) return;
      const part = decide(id);
      const spent = (profile.timeDeltas[k] ?? 0) / 1000;
      parts[part] = (parts[part] ?? 0) + spent;
      if (part === "idle") return;
      const frame = (byId.get(id) as ProfileNode).callFrame;
      const where = sourceOf(frame).replace(/^.*\/(node_modules|lib|app|scripts)\//, "$1/");
      const name = `${frame.functionName || "(anonymous)"} ${where}`;
      functions.set(name, (functions.get(name) ?? 0) + spent);
    });
  }
  const busy = Object.entries(parts).filter(([part]) => part !== "idle");
  const totalMs = busy.reduce((sum, [, ms]) => sum + ms, 0);
  return {
    totalMs: Math.round(totalMs),
    parts: Object.fromEntries(busy.sort((x, y) => y[1] - x[1]).map(([part, ms]) => [part, Math.round(ms)])),
    hottest: Object.fromEntries(
      [...functions]
        .sort((x, y) => y[1] - x[1])
        .slice(0, 15)
        .map(([name, ms]) => [name, Math.round(ms)]),
    ),
  };
}
