// `npm run test:container`: the image and the compose stack, built and run on this machine with podman, outside
// `npm test`. No base image can be pulled here (only Debian's packages and npm are reachable), so the base is made
// from Debian packages (mmdebstrap) plus this machine's Node.js 20, imported with `podman import`; PostgreSQL and
// the S3 store for compose are built the same way (scripts/container/). Then: the project's image is built with
// that base, run with a volume, timed to healthy, and a battle and a vote are driven through it; then the compose
// stack (PostgreSQL, S3, two web instances, jobs), with the battle opened on one instance and voted on the other.
// Prints JSON (image size and what takes it, time to healthy, each battle's result) and `N passed, N failed`.
//   npm run test:container            (as root, with podman; installs podman mmdebstrap uidmap runc podman-compose)
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../lib/db/free-port";
import { httpBattle } from "../tests/support/http-battle";
import { readyWithin } from "./bounded-run";

const ROOT = process.cwd();
const LOGS = path.resolve(".test-output", "container");
fs.mkdirSync(LOGS, { recursive: true });
const BASE = "localhost/arena-base:bookworm";
const IMAGE = "localhost/vision-arena:test";
/** Tagged by their recipe's contents, so an edited recipe is built again rather than found. */
const recipeTag = (...files: string[]) =>
  crypto
    .createHash("sha256")
    .update(files.map((f) => fs.readFileSync(path.join("scripts/container", f))).join("\0"))
    .digest("hex")
    .slice(0, 12);
const PG_IMAGE = `localhost/arena-postgres:${recipeTag("postgres.Dockerfile", "postgres-entrypoint.sh")}`;
const S3_IMAGE = `localhost/arena-s3:${recipeTag("s3.Dockerfile", "s3.mjs")}`;
const CA = "/etc/ssl/certs/ca-certificates.crt";

// podman as this machine needs it: runc (the default runtime refuses the cgroup set-up), the host's network, limits
const work = fs.mkdtempSync(path.join(os.tmpdir(), "arena-container-"));
const containersConf = path.join(work, "containers.conf");
fs.writeFileSync(
  containersConf,
  `[containers]\nnetns = "host"\ndefault_ulimits = ["nofile=4096:4096", "nproc=4096:4096"]\n\n` +
    `[engine]\nruntime = "runc"\ncgroup_manager = "cgroupfs"\nevents_logger = "file"\n`,
);
const env = { ...process.env, CONTAINERS_CONF: containersConf };

function run(
  label: string,
  command: string,
  args: string[],
  options: { input?: Buffer; env?: NodeJS.ProcessEnv } = {},
) {
  const started = Date.now();
  process.stderr.write(`▸ ${label} … `);
  const result = spawnSync(command, args, {
    cwd: ROOT,
    env: options.env ?? env,
    input: options.input,
    maxBuffer: 1 << 30,
    encoding: "buffer",
  });
  const seconds = (Date.now() - started) / 1000;
  fs.writeFileSync(
    path.join(LOGS, `${label.replace(/\W+/g, "-")}.log`),
    Buffer.concat([result.stdout ?? Buffer.alloc(0), result.stderr ?? Buffer.alloc(0)]),
  );
  process.stderr.write(`${result.status === 0 ? "ok" : `failed (exit ${result.status})`} in ${seconds.toFixed(1)} s\n`);
  if (result.status !== 0) {
    const tail = (result.stderr ?? Buffer.alloc(0)).toString().trim().split("\n").slice(-15).join("\n");
    throw new Error(`${label} failed: ${command} ${args.join(" ")}\n${tail}`);
  }
  return { stdout: result.stdout.toString(), seconds };
}
const podman = (label: string, ...args: string[]) => run(label, "podman", args);
const exists = (image: string) => spawnSync("podman", ["image", "exists", image], { env }).status === 0;

function ensureTools() {
  const missing = ["podman", "mmdebstrap", "runc", "podman-compose", "newuidmap"].filter(
    (tool) => spawnSync("sh", ["-c", `command -v ${tool}`]).status !== 0,
  );
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0)
    throw new Error(`missing ${missing.join(", ")}: apt-get install podman mmdebstrap uidmap runc podman-compose`);
  run("apt-get update", "apt-get", ["update"]);
  run("apt-get install", "apt-get", ["install", "-y", "podman", "mmdebstrap", "uidmap", "runc", "podman-compose"], {
    env: { ...env, DEBIAN_FRONTEND: "noninteractive" },
  });
}

/** Debian 12 minbase with certificates and this machine's Node.js 20 and npm under /usr/local, as `podman import`. */
function ensureBase() {
  if (exists(BASE)) return { built: false, seconds: 0 };
  const tree = path.join(work, "rootfs");
  const tar = path.join(work, "rootfs.tar");
  const started = Date.now();
  run("mmdebstrap", "mmdebstrap", [
    "--variant=minbase",
    "--include=ca-certificates,libstdc++6",
    "bookworm",
    tar,
    "http://deb.debian.org/debian",
  ]);
  fs.mkdirSync(tree);
  run("unpack base", "tar", ["-C", tree, "-xf", tar]);
  const node = fs.realpathSync(process.execPath);
  const npm = path.dirname(
    path.dirname(fs.realpathSync(spawnSync("sh", ["-c", "command -v npm"]).stdout.toString().trim())),
  );
  fs.mkdirSync(path.join(tree, "usr/local/lib/node_modules"), { recursive: true });
  fs.copyFileSync(node, path.join(tree, "usr/local/bin/node"));
  fs.chmodSync(path.join(tree, "usr/local/bin/node"), 0o755);
  run("copy npm", "cp", ["-a", npm, path.join(tree, "usr/local/lib/node_modules/npm")]);
  fs.symlinkSync("../lib/node_modules/npm/bin/npm-cli.js", path.join(tree, "usr/local/bin/npm"));
  fs.symlinkSync("../lib/node_modules/npm/bin/npx-cli.js", path.join(tree, "usr/local/bin/npx"));
  const packed = spawnSync("tar", ["-C", tree, "-c", "."], { maxBuffer: 2 ** 31 });
  run("podman import", "podman", ["import", "--change", 'CMD ["node"]', "-", BASE], { input: packed.stdout });
  fs.rmSync(tree, { recursive: true, force: true });
  fs.rmSync(tar, { force: true });
  return { built: true, seconds: (Date.now() - started) / 1000 };
}

/**
 * `podman build` as this machine needs it: the docker format (OCI images drop HEALTHCHECK), the host's network, and
 * for builds that run npm, the proxy's certificate authority (a build that installs Debian packages must not see
 * the host's certificate folder read-only: ssl-cert writes there).
 */
function buildArgs(extra: string[], options: { npm: boolean } = { npm: true }) {
  return [
    "build",
    "--format",
    "docker",
    "--network=host",
    "--build-arg",
    `BASE=${BASE}`,
    ...(options.npm ? ["--build-arg", `NODE_EXTRA_CA_CERTS=${CA}`, "-v", "/etc/ssl/certs:/etc/ssl/certs:ro"] : []),
    ...extra,
  ];
}

async function ready(base: string, timeoutMs: number): Promise<number> {
  const ms = await readyWithin(base, timeoutMs, { everyMs: 500 });
  if (ms === null) throw new Error(`${base} was not ready within ${timeoutMs / 1000} s`);
  return ms / 1000;
}

const checks: Record<string, boolean> = {};
const figures: Record<string, unknown> = {};
const cleanups: (() => void)[] = [];
// stopped by hand: containers, volumes and the compose project go too
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    for (const cleanup of cleanups.reverse()) cleanup();
    process.exit(1);
  });
}
try {
  ensureTools();
  figures.base = ensureBase();
  const image = podman("build image", ...buildArgs(["-t", IMAGE, "."]));
  figures.buildSeconds = image.seconds;
  const trimmed = /\{\s*"out": "\/app"[\s\S]*?\n\}/.exec(fs.readFileSync(path.join(LOGS, "build-image.log"), "utf8"));
  const inspect = JSON.parse(podman("inspect image", "image", "inspect", IMAGE).stdout)[0] as { Size: number };
  figures.imageMegabytes = Math.round(inspect.Size / 1e6);
  figures.whatTakesTheSpace = {
    layers: podman("history", "history", "--format", "{{.Size}}\t{{.CreatedBy}}", IMAGE)
      .stdout.trim()
      .split("\n")
      .map((line) => line.slice(0, 140)),
    app: trimmed ? JSON.parse(trimmed[0]) : "see .test-output/container/build-image.log",
  };
  checks["image ≤ 800 MB"] = inspect.Size <= 800e6;

  // one container: embedded PostgreSQL and demo models on a volume
  const port = await freePort();
  const name = `arena-test-${process.pid}`;
  const volume = `arena-test-data-${process.pid}`;
  cleanups.push(() => {
    spawnSync("podman", ["rm", "-f", name], { env });
    spawnSync("podman", ["volume", "rm", "-f", volume], { env });
  });
  const started = Date.now();
  podman(
    "run image",
    "run",
    "-d",
    "--name",
    name,
    "-e",
    `PORT=${port}`,
    "-e",
    `EMBEDDED_PG_PORT=${await freePort()}`,
    "-v",
    `${volume}:/data`,
    IMAGE,
  );
  await ready(`http://127.0.0.1:${port}`, 180_000);
  figures.timeToHealthySeconds = (Date.now() - started) / 1000;
  const { cookie: _single, ...containerBattle } = await httpBattle({ open: `http://127.0.0.1:${port}` });
  figures.containerBattle = { ...containerBattle, vote: "model_a" };
  checks["docker run: a battle and a vote through the image"] = true;
  const health = spawnSync("podman", ["healthcheck", "run", name], { env });
  checks["the image's HEALTHCHECK passes"] = health.status === 0;
  const user = podman("user", "exec", name, "id", "-un").stdout.trim();
  checks["runs as a user without rights"] = user === "arena";
  podman("logs", "logs", name);
  spawnSync("podman", ["rm", "-f", name], { env });

  // the compose stack: PostgreSQL and S3 built here, two web instances and the jobs process
  if (!exists(PG_IMAGE))
    podman(
      "build postgres",
      ...buildArgs(["-f", "scripts/container/postgres.Dockerfile", "-t", PG_IMAGE, "."], { npm: false }),
    );
  if (!exists(S3_IMAGE))
    podman("build s3", ...buildArgs(["-f", "scripts/container/s3.Dockerfile", "-t", S3_IMAGE, "."]));
  // compose's own network (netavark routes it here): services find each other by name; only the web ports are
  // published, on free ports of this machine
  const [web1, web2] = [await freePort(), await freePort()];
  const bridgeConf = path.join(work, "containers-compose.conf");
  fs.writeFileSync(bridgeConf, fs.readFileSync(containersConf, "utf8").replace(/^netns = "host"\n/m, ""));
  const composeEnv = {
    ...env,
    CONTAINERS_CONF: bridgeConf,
    ARENA_IMAGE: IMAGE,
    POSTGRES_IMAGE: PG_IMAGE,
    S3_IMAGE: S3_IMAGE,
    POSTGRES_PASSWORD: "compose-db-password",
    ARENA_SECRET: "compose-secret-0123456789",
    S3_ACCESS_KEY: "S3RVER",
    S3_SECRET_KEY: "S3RVER",
    WEB_1_PORT: String(web1),
    WEB_2_PORT: String(web2),
  };
  const project = `arena-test-${process.pid}`;
  const compose = (label: string, ...args: string[]) =>
    run(label, "podman-compose", ["-p", project, "-f", "compose.yaml", ...args], { env: composeEnv });
  cleanups.push(() => {
    // what each service said, kept for a failure's post-mortem
    const logs = spawnSync("podman-compose", ["-p", project, "-f", "compose.yaml", "logs"], { env: composeEnv });
    fs.writeFileSync(
      path.join(LOGS, "compose-services.log"),
      Buffer.concat([logs.stdout ?? Buffer.alloc(0), logs.stderr ?? Buffer.alloc(0)]),
    );
    spawnSync("podman-compose", ["-p", project, "-f", "compose.yaml", "down", "-v"], { env: composeEnv });
    spawnSync("podman", ["network", "rm", "-f", `${project}_default`], { env: composeEnv });
  });
  const up = Date.now();
  compose("compose up", "up", "-d");
  await Promise.all([ready(`http://127.0.0.1:${web1}`, 240_000), ready(`http://127.0.0.1:${web2}`, 240_000)]);
  figures.composeHealthySeconds = (Date.now() - up) / 1000;
  const { cookie: _compose, ...composeBattle } = await httpBattle({
    open: `http://127.0.0.1:${web1}`,
    vote: `http://127.0.0.1:${web2}`,
  });
  figures.composeBattle = { ...composeBattle, vote: "model_a" };
  checks["compose: battle opened on one instance, voted on the other"] = true;
} catch (error) {
  checks[`ran to the end (${(error as Error).message.split("\n")[0]})`] = false;
  console.error((error as Error).message);
} finally {
  for (const cleanup of cleanups.reverse()) cleanup();
  fs.rmSync(work, { recursive: true, force: true });
}
console.log(JSON.stringify({ ...figures, checks }, null, 2));
const failed = Object.values(checks).filter((ok) => !ok).length;
console.log(`${Object.keys(checks).length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
