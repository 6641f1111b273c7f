// archiver 8 ships no types: the part of its API the exports use.
declare module "archiver" {
  import type { Transform } from "node:stream";

  export interface EntryData {
    name: string;
    date?: Date;
    /** store without compressing (already compressed data) */
    store?: boolean;
  }

  export class ZipArchive extends Transform {
    constructor(options?: { zlib?: { level?: number }; highWaterMark?: number; forceZip64?: boolean });
    append(source: NodeJS.ReadableStream | Buffer | string, data: EntryData): this;
    file(path: string, data: EntryData): this;
    finalize(): Promise<void>;
    abort(): this;
    pointer(): number;
  }
}
