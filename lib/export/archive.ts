// Zip archives, streamed with archiver (ZIP64 when an entry or the archive passes 4 GiB): entries are produced as
// their data arrives, and the writer waits while the reader is behind, so memory stays flat whatever the size.
// Text is deflated; Parquet and images are already compressed and stored as they are.
import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { ZipArchive } from "archiver";

const STORED = new Set([".parquet", ".jpg", ".jpeg", ".png", ".webp", ".gif"]);
const HIGH_WATER = 1 << 20;

export interface ZipEntryWriter {
  write(data: Uint8Array | string): Promise<void>;
  end(): Promise<void>;
}

/** A zip written entry by entry (one at a time) and read through `readable`. */
export class ZipStreamWriter {
  readonly readable: ReadableStream<Uint8Array>;
  private readonly archive: ZipArchive;
  private failure: unknown = null;
  /** settles (rejects) once the reader went away or the archive failed: writers waiting for room stop */
  private readonly stopped: Promise<never>;
  private stop: (reason: unknown) => void = () => {};

  constructor(private readonly root: string) {
    this.archive = new ZipArchive({ zlib: { level: 6 }, highWaterMark: HIGH_WATER });
    this.stopped = new Promise<never>((_, reject) => {
      this.stop = reject;
    });
    this.stopped.catch(() => undefined);
    this.archive.on("error", (error) =>
      // the web stream aborts the archive when its reader cancels
      this.fail(error.name === "AbortError" ? new Error("the download was cancelled") : error),
    );
    this.archive.on("warning", (error) => this.fail(error));
    // a reader that cancels destroys the archive before it ends
    this.archive.on("close", () => {
      if (!this.archive.readableEnded) this.fail(new Error("the download was cancelled"));
    });
    this.readable = Readable.toWeb(this.archive) as unknown as ReadableStream<Uint8Array>;
  }

  /** Throws once the reader has gone away or the archive failed. */
  private check() {
    if (this.failure) throw this.failure;
  }

  /** A new entry `root/name`; write it whole and end it before the next one. */
  entry(name: string, options: { mtime?: Date } = {}): ZipEntryWriter {
    this.check();
    const source = new PassThrough({ highWaterMark: HIGH_WATER });
    this.archive.append(source, {
      name: `${this.root}/${name}`,
      date: options.mtime ?? new Date(),
      store: STORED.has(path.extname(name).toLowerCase()),
    });
    return {
      write: async (data) => {
        this.check();
        if (!source.write(data)) await Promise.race([once(source, "drain"), this.stopped]);
      },
      end: async () => {
        this.check();
        source.end();
        await Promise.race([once(source, "end"), this.stopped]);
      },
    };
  }

  /** A file from disk as `root/name`, read in chunks. */
  async addFile(fullPath: string, name: string) {
    const entry = this.entry(name, { mtime: fs.statSync(fullPath).mtime });
    for await (const chunk of fs.createReadStream(fullPath, { highWaterMark: HIGH_WATER })) {
      await entry.write(chunk as Uint8Array);
    }
    await entry.end();
  }

  /** Every file below `dir`, by name; the ones `first` names before the others, the ones `last` names after. */
  async addDirectory(dir: string, options: { first?: string[]; last?: string[] } = {}) {
    const rank = (name: string) => (options.first?.includes(name) ? 0 : options.last?.includes(name) ? 2 : 1);
    const files = [...walk(dir)].sort((a, b) => rank(a.name) - rank(b.name));
    for (const file of files) await this.addFile(file.full, file.name);
  }

  finish() {
    if (!this.failure) void this.archive.finalize().catch((error) => this.fail(error));
  }

  fail(error: unknown) {
    if (this.failure) return;
    this.failure = error;
    this.stop(error);
    if (!this.archive.destroyed) this.archive.destroy(error instanceof Error ? error : new Error(String(error)));
  }
}

function* walk(dir: string, prefix = ""): Generator<{ full: string; name: string }> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    const name = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* walk(full, name);
    else if (entry.isFile()) yield { full, name };
  }
}

/** A whole folder as a zip stream (README.md first), e.g. for `arena export --zip`. */
export function zipDirectory(dir: string, root: string): ReadableStream<Uint8Array> {
  const zip = new ZipStreamWriter(root);
  zip
    .addDirectory(dir, { first: ["README.md"] })
    .then(() => zip.finish())
    .catch((error) => zip.fail(error));
  return zip.readable;
}

/** A web stream's chunks, for `for await` (the DOM typings lack ReadableStream's async iterator). */
export async function* chunksOf(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}
