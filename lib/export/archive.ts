// A dataset folder as one .zip, streamed: files are read in chunks and the archive is produced as it is read, so
// memory stays flat whatever the folder's size. Text is deflated; Parquet and images are already compressed and
// stored as they are. (fflate's zip has no ZIP64: each file and the archive must stay under 4 GiB.)
import fs from "node:fs";
import path from "node:path";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";

const STORED = new Set([".parquet", ".jpg", ".jpeg", ".png", ".webp", ".gif"]);

function* walk(dir: string, prefix = ""): Generator<{ full: string; name: string }> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    const name = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* walk(full, name);
    else if (entry.isFile()) yield { full, name };
  }
}

/** The zip's bytes, chunk by chunk; `root` names the folder inside the archive. README.md goes first. */
export async function* zipDirectory(dir: string, root: string): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  let finished = false;
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else out.push(chunk);
    if (final) finished = true;
  });
  const drain = function* () {
    if (failure) throw failure;
    while (out.length) yield out.shift() as Uint8Array;
  };
  const files = [...walk(dir)].sort((a, b) => Number(b.name === "README.md") - Number(a.name === "README.md"));
  for (const file of files) {
    const name = `${root}/${file.name}`;
    const entry = STORED.has(path.extname(file.name).toLowerCase())
      ? new ZipPassThrough(name)
      : new ZipDeflate(name, { level: 6 });
    entry.mtime = fs.statSync(file.full).mtime;
    zip.add(entry);
    const stream = fs.createReadStream(file.full, { highWaterMark: 1 << 20 });
    let pushed = false;
    for await (const chunk of stream) {
      entry.push(chunk as Uint8Array);
      pushed = true;
      yield* drain();
    }
    entry.push(new Uint8Array(0), true);
    if (!pushed) yield* drain();
    yield* drain();
  }
  zip.end();
  yield* drain();
  if (!finished) throw new Error("the zip archive did not finish");
}
