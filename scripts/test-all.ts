// `npm test`: every layer in order — static checks, unit tests, integration tests against a real PostgreSQL,
// then browser tests against the production build — and the totals over all of them on the last line.
//   npm test                 all layers
//   npm test -- unit e2e     only the named layers (static, unit, recordings, integration, faults, runtime, e2e)
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePort } from "../lib/db/free-port";

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  /** the failed tests' names ("file › title"), repeated in the summary: CI keeps only the end of a long log */
  failures?: string[];
}
interface LayerResult extends Counts {
  layer: string;
  seconds: number;
  note?: string;
}

const OUT = ".test-output";
fs.rmSync(OUT, { recursive: true, force: true });
fs.mkdirSync(OUT, { recursive: true });

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const bin = (name: string) => path.resolve("node_modules", ".bin", name);
const readJson = (file: string) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : undefined);

async function timed(layer: string, body: () => Promise<Counts & { note?: string }>): Promise<LayerResult> {
  console.log(`\n━━━ ${layer} ━━━`);
  const started = Date.now();
  const counts = await body();
  const result = { layer, ...counts, seconds: (Date.now() - started) / 1000 };
  console.log(`${layer}: ${result.passed} passed, ${result.failed} failed (${result.seconds.toFixed(1)} s)`);
  return result;
}

async function staticChecks(): Promise<Counts> {
  const checks: [string, string[]][] = [
    // lint, formatting and import order (Markdown is not formatted: biome.json)
    [bin("biome"), ["check", "."]],
    [bin("tsc"), ["--noEmit"]],
  ];
  let passed = 0;
  for (const [command, args] of checks) if ((await run(command, args)) === 0) passed += 1;
  return { passed, failed: checks.length - passed, skipped: 0 };
}

async function vitestLayer(project: string, extra: string[] = []): Promise<Counts & { note?: string }> {
  const file = path.join(OUT, `${project}.json`);
  const code = await run(bin("vitest"), [
    "run",
    "--project",
    project,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${file}`,
    ...extra,
  ]);
  const report = readJson(file);
  if (!report) return { passed: 0, failed: 1, skipped: 0, note: `vitest exited ${code} without a report` };
  const failedSuites = report.numFailedTestSuites ?? 0;
  if (report.numTotalTests === 0)
    return { passed: 0, failed: 1, skipped: 0, note: `no test ran (vitest exited ${code})` };
  const failures: string[] = [];
  for (const file of report.testResults ?? []) {
    const name = path.relative(process.cwd(), file.name);
    const failed = (file.assertionResults ?? []).filter((a: { status: string }) => a.status === "failed");
    for (const a of failed) failures.push(`${name} › ${a.fullName ?? a.title}`);
    if (failed.length === 0 && file.status === "failed") failures.push(`${name} (the file failed: ${file.message})`);
  }
  return {
    passed: report.numPassedTests,
    // A file that fails to load has no failed test but must still fail the layer.
    failed: report.numFailedTests + (report.numFailedTests === 0 && (code !== 0 || failedSuites > 0) ? 1 : 0),
    skipped: report.numPendingTests + report.numTodoTests,
    failures,
  };
}

interface PlaywrightSuite {
  specs?: { title: string; ok: boolean; file: string; line: number }[];
  suites?: PlaywrightSuite[];
}

/** The failed specs of a Playwright JSON report, as "file:line › title". */
function playwrightFailures(suites: PlaywrightSuite[] = [], out: string[] = []): string[] {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) if (!spec.ok) out.push(`${spec.file}:${spec.line} › ${spec.title}`);
    playwrightFailures(suite.suites, out);
  }
  return out;
}

/** One production build per run, shared by the integration tests that speak HTTP and the browser tests. */
let build: Promise<{ ok: boolean; seconds: number }> | null = null;
function buildOnce() {
  build ??= (async () => {
    const started = Date.now();
    const code = await run(bin("next"), ["build"], { NEXT_TELEMETRY_DISABLED: "1" });
    return { ok: code === 0, seconds: (Date.now() - started) / 1000 };
  })();
  return build;
}

async function integrationLayer(): Promise<Counts & { note?: string }> {
  const built = await buildOnce();
  if (!built.ok) return { passed: 0, failed: 1, skipped: 0, note: "next build failed" };
  const counts = await vitestLayer("integration");
  return { ...counts, note: [counts.note, `next build ${built.seconds.toFixed(1)} s`].filter(Boolean).join("; ") };
}

/**
 * Scripts whose checks count as tests ("N passed, N failed" on each one's last line), run one after the other
 * against the one build, each with its log in .test-output/NAME.log.
 */
async function scriptsLayer(scripts: readonly (readonly [string, string])[]): Promise<Counts & { note?: string }> {
  const built = await buildOnce();
  if (!built.ok) return { passed: 0, failed: 1, skipped: 0, note: "next build failed" };
  const total: Counts & { note?: string } = { passed: 0, failed: 0, skipped: 0 };
  const notes: string[] = [];
  for (const [name, script] of scripts) {
    const log = path.join(OUT, `${name}.log`);
    const out = fs.openSync(log, "w");
    const code = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, ["--import", "tsx", script], {
        stdio: ["ignore", out, out],
      });
      child.on("exit", (exit, signal) => resolve(exit ?? (signal ? 1 : 0)));
    });
    fs.closeSync(out);
    const text = fs.readFileSync(log, "utf8");
    const totals = text.match(/^(\d+) passed, (\d+) failed$/m);
    const figures = text.match(/^\{[\s\S]*^\}/m)?.[0];
    if (figures) {
      const parsed = JSON.parse(figures) as Record<string, unknown>;
      const { checks, ...shown } = parsed;
      console.log(`${name}: ${JSON.stringify(shown).slice(0, 2000)}`);
      for (const [check, ok] of Object.entries((checks ?? {}) as Record<string, boolean>))
        if (!ok) total.failures = [...(total.failures ?? []), `${name} › ${check}`];
    }
    if (!totals) {
      total.failed += 1;
      notes.push(`the ${name} run ended (${code}) without totals; see ${log}`);
      continue;
    }
    const failed = Number(totals[2]) + (code !== 0 && Number(totals[2]) === 0 ? 1 : 0);
    total.passed += Number(totals[1]);
    total.failed += failed;
    if (failed) notes.push(`see ${log}`);
  }
  return { ...total, note: notes.join("; ") || undefined };
}

/** The arena under faults: `npm run test:faults`, `test:abuse`, `test:admission`, and the launcher's own faults. */
const faultsLayer = () =>
  scriptsLayer([
    ["faults", "scripts/test-faults.ts"],
    ["abuse", "scripts/test-abuse.ts"],
    ["admission", "scripts/test-admission.ts"],
    ["launcher-faults", "scripts/test-launcher-faults.ts"],
  ]);

/** What the container image runs, run from exactly its files (scripts/runtime-files.mjs), without a container. */
const runtimeLayer = () => scriptsLayer([["runtime-tree", "scripts/test-runtime-tree.ts"]]);

async function e2eLayer(): Promise<Counts & { note?: string }> {
  const built = await buildOnce();
  if (!built.ok) return { passed: 0, failed: 1, skipped: 0, note: "next build failed" };
  const buildSeconds = built.seconds;
  const file = path.resolve(OUT, "e2e.json");
  const port = await freePort();
  let fakePort = await freePort();
  while (fakePort === port) fakePort = await freePort();
  let idpPort = await freePort();
  while (idpPort === port || idpPort === fakePort) idpPort = await freePort();
  // no trace recorded for every test, as the config's retain-on-failure does (~10% of the layer: battle and admin
  // specs 94–104 s without, 103–115 s with); a failing spec run again alone with `npx playwright test` keeps one
  const code = await run(bin("playwright"), ["test", "--trace", "off"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1",
    E2E_PORT: String(port),
    E2E_FAKE_PORT: String(fakePort),
    E2E_IDP_PORT: String(idpPort),
  });
  const report = readJson(file);
  const stats = report?.stats;
  const note = `next build ${buildSeconds.toFixed(1)} s`;
  if (!stats) return { passed: 0, failed: 1, skipped: 0, note: `playwright exited ${code} without a report` };
  return {
    passed: stats.expected + stats.flaky,
    failed: stats.unexpected + (stats.unexpected === 0 && code !== 0 ? 1 : 0),
    skipped: stats.skipped,
    note,
    failures: playwrightFailures(report.suites),
  };
}

const layers: Record<string, () => Promise<Counts & { note?: string }>> = {
  static: staticChecks,
  // beside the build (below) one worker: with one per core the two took 164 s of the run where they took 135
  unit: () => vitestLayer("unit", build ? ["--maxWorkers=1"] : []),
  // recorded streams of the real services through the provider adapters (tests/recordings)
  recordings: () => vitestLayer("recordings"),
  integration: integrationLayer,
  faults: faultsLayer,
  runtime: runtimeLayer,
  e2e: e2eLayer,
};

const wanted = process.argv.slice(2).filter((arg) => arg in layers);
const order = wanted.length ? wanted : Object.keys(layers);
const needsBuild = order.some((name) => ["integration", "faults", "runtime", "e2e"].includes(name));
const results: LayerResult[] = [];
for (const name of order) {
  // the one production build runs beside the unit layer (~80 s of the run's 20-minute budget; not beside the
  // static checks, whose type check reads the .next/types the build writes)
  if (name === "unit" && needsBuild) void buildOnce();
  const body = layers[name];
  if (body) results.push(await timed(name, body));
}

console.log("\n━━━ summary ━━━");
for (const r of results) {
  const extra = [r.skipped ? `${r.skipped} skipped` : "", `${r.seconds.toFixed(1)} s`, r.note ?? ""].filter(Boolean);
  console.log(`${r.layer.padEnd(12)} ${r.passed} passed, ${r.failed} failed  (${extra.join(", ")})`);
}
for (const r of results) {
  for (const failure of r.failures ?? []) console.log(`failed in ${r.layer}: ${failure}`);
}
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
const skipped = results.reduce((sum, r) => sum + r.skipped, 0);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 ? 1 : 0);
