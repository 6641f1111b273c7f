// Zip archives, streamed: entries are produced as their data arrives, and the writer waits while the reader is
// behind, so memory stays flat whatever the size. Text is deflated; Parquet and images are already compressed and
// stored as they are. (fflate's zip has no ZIP64: each file and the archive must stay under 4 GiB.)
import fs from "node:fs";
import path from "node:path";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";

const STORED = new Set([".parquet", ".jpg", ".jpeg", ".png", ".webp", ".gif"]);
const HIGH_WATER = 4 << 20;
const encoder = new TextEncoder();

export interface ZipEntryWriter {
  write(data: Uint8Array | string): Promise<void>;
  end(): Promise<void>;
}

/** A zip written entry by entry (one at a time) and read through `readable`. */
export class ZipStreamWriter {
  readonly readable: ReadableStream<Uint8Array>;
  private readonly zip: Zip;
  private queue: Uint8Array[] = [];
  private queued = 0;
  private failure: unknown = null;
  private cancelled = false;
  private finished = false;
  private wakeReader: (() => void) | null = null;
  private wakeWriter: (() => void) | null = null;

  constructor(private readonly root: string) {
    this.zip = new Zip((error, chunk, final) => {
      if (error) return this.fail(error);
      this.queue.push(chunk);
      this.queued += chunk.length;
      if (final) this.finished = true;
      this.wake("reader");
    });
    this.readable = new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        while (this.queue.length === 0 && !this.finished && !this.failure) {
          await new Promise<void>((resolve) => {
            this.wakeReader = resolve;
          });
        }
        if (this.failure) return controller.error(this.failure);
        const chunk = this.queue.shift();
        if (chunk) {
          this.queued -= chunk.length;
          controller.enqueue(chunk);
          if (this.queued < HIGH_WATER) this.wake("writer");
        } else if (this.finished) controller.close();
      },
      cancel: () => {
        this.cancelled = true;
        this.wake("writer");
      },
    });
  }

  private wake(who: "reader" | "writer") {
    const wake = who === "reader" ? this.wakeReader : this.wakeWriter;
    if (who === "reader") this.wakeReader = null;
    else this.wakeWriter = null;
    wake?.();
  }

  /** Waits while the reader is behind; throws once the reader has gone away. */
  private async room() {
    while (this.queued >= HIGH_WATER && !this.cancelled && !this.failure) {
      await new Promise<void>((resolve) => {
        this.wakeWriter = resolve;
      });
    }
    if (this.cancelled) throw new Error("the download was cancelled");
    if (this.failure) throw this.failure;
  }

  /** A new entry `root/name`; write it whole and end it before the next one. */
  entry(name: string, options: { mtime?: Date } = {}): ZipEntryWriter {
    const fullName = `${this.root}/${name}`;
    const file = STORED.has(path.extname(name).toLowerCase())
      ? new ZipPassThrough(fullName)
      : new ZipDeflate(fullName, { level: 6 });
    file.mtime = options.mtime ?? new Date();
    this.zip.add(file);
    return {
      write: async (data) => {
        await this.room();
        file.push(typeof data === "string" ? encoder.encode(data) : data);
      },
      end: async () => {
        file.push(new Uint8Array(0), true);
        await this.room();
      },
    };
  }

  /** A file from disk as `root/name`, read in chunks. */
  async addFile(fullPath: string, name: string) {
    const entry = this.entry(name, { mtime: fs.statSync(fullPath).mtime });
    for await (const chunk of fs.createReadStream(fullPath, { highWaterMark: 1 << 20 })) {
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
    this.zip.end();
  }

  fail(error: unknown) {
    this.failure = error;
    this.wake("reader");
    this.wake("writer");
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
