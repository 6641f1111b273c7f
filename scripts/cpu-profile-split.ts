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

/** Milliseconds of CPU per part over every profile in `dir` (idle left out of the total). */
export function cpuProfileSplit(dir: string): { totalMs: number; parts: Record<string, number> } {
  const parts: Record<string, number> = {};
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
    profile.samples.forEach((id, k) => {
      const part = decide(id);
      parts[part] = (parts[part] ?? 0) + (profile.timeDeltas[k] ?? 0) / 1000;
    });
  }
  const busy = Object.entries(parts).filter(([part]) => part !== "idle");
  const totalMs = busy.reduce((sum, [, ms]) => sum + ms, 0);
  return {
    totalMs: Math.round(totalMs),
    parts: Object.fromEntries(busy.sort((x, y) => y[1] - x[1]).map(([part, ms]) => [part, Math.round(ms)])),
  };
}
