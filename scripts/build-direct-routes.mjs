// Compiles the routes the front door answers itself (lib/http/direct-routes.ts: a battle's opening, its answers,
// its vote, every route under app/api/conversations), its early refusal of uploads (lib/http/busy-uploads.ts) and
// its warm-up (lib/http/warm-up.ts) into one ES module, with the same esbuild settings as the CLI. The output lives
// in dist/web/<fingerprint of the sources' contents>/, so a process never runs code older than the checkout: the web
// server looks for the build of its sources and compiles it when it is missing (~1 s), and two processes starting
// together each finish theirs and keep whichever landed first.
// Runs after `npm install` and in `npm run build`; `node scripts/build-direct-routes.mjs` by hand.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { DIRECT_ROUTE_SOURCES } from "../lib/http/direct-route-list.mjs";
import { nodeBundleOptions } from "./esbuild-node.mjs";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
/** The route modules answered directly: the one list of lib/http/direct-route-list.mjs, which says why each is. */
const ROUTE_SOURCES = DIRECT_ROUTE_SOURCES;
const SOURCES = ["lib", ...ROUTE_SOURCES, "tsconfig.json", "scripts/build-direct-routes.mjs"];
const out = path.join(root, "dist", "web");

function files(entry) {
  const full = path.join(root, entry);
  if (!fs.statSync(full).isDirectory()) return [entry];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .filter((e) => !e.name.endsWith(".test.ts"))
    .flatMap((e) => files(path.join(entry, e.name)))
    .sort();
}

/**
 * Names and contents of every source: a changed file gives another build. Contents rather than modification times,
 * so a copy of the tree (the container image's runtime files) finds the build made from the same sources; hashing
 * the ~5 MB of sources takes ~15 ms at start.
 */
function fingerprint() {
  const hash = crypto.createHash("sha256");
  for (const file of SOURCES.flatMap(files)) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update("\n");
  }
  return hash.digest("hex").slice(0, 16);
}

/** `/api/conversations/[id]/vote` for each route module of ROUTE_SOURCES. */
function routes() {
  return ROUTE_SOURCES.flatMap(files)
    .filter((f) => path.basename(f) === "route.ts")
    .map((file) => ({ file, path: `/${path.dirname(file).split(path.sep).slice(1).join("/")}` }));
}

async function compile(target) {
  const { build } = await import("esbuild");
  const table = routes();
  const entry = [
    `import { directRoutes } from "./lib/http/direct-routes.ts";`,
    `export { refuseBusyUpload } from "./lib/http/busy-uploads.ts";`,
    `export { warmUp } from "./lib/http/warm-up.ts";`,
    ...table.map((r, i) => `import * as route${i} from ${JSON.stringify(`./${r.file}`)};`),
    `export const answer = directRoutes([`,
    ...table.map((r, i) => `  { path: ${JSON.stringify(r.path)}, module: route${i} },`),
    `]);`,
  ].join("\n");
  await build({
    stdin: { contents: entry, resolveDir: root, sourcefile: "direct-routes-entry.ts", loader: "ts" },
    ...nodeBundleOptions(root),
    outdir: target,
    entryNames: "direct-routes",
    outExtension: { ".js": ".mjs" },
    // lazily imported modules stay lazy chunks, so TensorFlow and sharp load only when an image comes
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    define: { "process.env.NODE_ENV": '"production"' },
  });
}

/** The compiled routes of this checkout, built first when missing. */
export async function directRoutesBuild() {
  const dir = path.join(out, fingerprint());
  const main = path.join(dir, "direct-routes.mjs");
  if (!fs.existsSync(main)) {
    const scratch = `${dir}.tmp-${process.pid}`;
    fs.rmSync(scratch, { recursive: true, force: true });
    await compile(scratch);
    try {
      fs.renameSync(scratch, dir);
    } catch {
      // another process landed the same build first: keep theirs
      fs.rmSync(scratch, { recursive: true, force: true });
    }
    // builds of older sources, once nobody can still be loading them
    for (const old of fs.readdirSync(out)) {
      const full = path.join(out, old);
      // another process may rename its scratch build (or remove an old one) between the listing and this look
      const modified = fs.statSync(full, { throwIfNoEntry: false })?.mtimeMs;
      if (full !== dir && modified !== undefined && Date.now() - modified > 3_600_000)
        fs.rmSync(full, { recursive: true, force: true });
    }
  }
  return main;
}

/**
 * The front door's part of the compiled routes: `answer`, the dispatcher; `refuseBusyUpload`, which refuses an
 * upload the routes' admission would refuse now before anything else is done with it; `warmUp`, which loads what
 * their first visitors would otherwise wait for.
 */
export async function loadDirectRoutes() {
  const { answer, refuseBusyUpload, warmUp } = await import(pathToFileURL(await directRoutesBuild()).href);
  return { answer, refuseBusyUpload, warmUp };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const main = await directRoutesBuild();
  console.log(
    `direct routes compiled to ${path.relative(root, main)} in ${Math.round(performance.now() - started)} ms`,
  );
}
