// npm run check:zip64: the research archive past 4 GiB. Streams one 4.5 GiB entry (zeros, deflated, so the file on
// disk stays small) and a small one after it through ZipStreamWriter, then has Python's zipfile read the central
// directory and decompress both. Prints JSON; exits 1 when the archive does not read back. Too slow for `npm test`
// (about a minute on this machine), so it is a script.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chunksOf, ZipStreamWriter } from "../lib/export/archive";

const SIZE = 4.5 * 2 ** 30;
const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "arena-zip64-")), "big.zip");
const started = performance.now();
const zip = new ZipStreamWriter("root");
const writing = (async () => {
  const block = new Uint8Array(8 << 20);
  const big = zip.entry("big.jsonl");
  for (let written = 0; written < SIZE; written += block.length) await big.write(block);
  await big.end();
  const small = zip.entry("README.md");
  await small.write("# after the big one\n");
  await small.end();
  zip.finish();
})();
const out = fs.createWriteStream(file);
for await (const chunk of chunksOf(zip.readable))
  if (!out.write(chunk)) await new Promise<void>((r) => out.once("drain", () => r()));
await new Promise<void>((resolve) => out.end(() => resolve()));
await writing;
const check = spawnSync(
  "python3",
  [
    "-c",
    `import zipfile,sys
z=zipfile.ZipFile(sys.argv[1])
big=z.getinfo("root/big.jsonl")
n=0

with z.open(big) as f:
    while True:
        b=f.read(1<<24)
        if not b: break
        n+=len(b)
print(big.file_size, n, z.read("root/README.md").decode().strip())`,
    file,
  ],
  { encoding: "utf8" },
);
// JavaScript's split(" ", 3) drops what follows the third piece, so the line is matched instead
const [, declared, read, small] = /^(\d+) (\d+) (.*)$/.exec(check.stdout.trim()) ?? [];
const ok = check.status === 0 && Number(declared) === SIZE && Number(read) === SIZE && small === "# after the big one";
console.log(
  JSON.stringify(
    {
      entryBytes: SIZE,
      archiveBytes: fs.statSync(file).size,
      seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
      readBack: ok,
      ...(ok
        ? {}
        : { python: `exit ${check.status}: ${check.stderr.trim().split("\n").slice(-2).join(" ") || check.stdout}` }),
    },
    null,
    2,
  ),
);
fs.rmSync(path.dirname(file), { recursive: true, force: true });
process.exit(ok ? 0 : 1);
