// Where image bytes live: a local folder by default, or an S3-compatible bucket (configured by environment).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { AwsClient } from "aws4fetch";
import { type Config, config } from "../config";

export interface ImageStore {
  /** stores the bytes under key unless already there */
  put(key: string, data: Buffer, mime: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  /** whether an image is stored under key (without reading it) */
  has(key: string): Promise<boolean>;
  /** removes the image under key; nothing there is no error (a restore that failed takes back what it wrote) */
  delete(key: string): Promise<void>;
  /** makes the place images go exist (the bucket, the folder); says whether it had to */
  prepare?(): Promise<{ created: boolean }>;
}

export class LocalImageStore implements ImageStore {
  constructor(private readonly root: string) {}

  private file(key: string) {
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer, _mime?: string): Promise<void> {
    const file = this.file(key);
    if (fs.existsSync(file)) return;
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    // write then rename: a crash never leaves a half-written image under its final name. The temporary name is
    // unique per call: the same picture uploaded twice at once must not share one.
    const temp = `${file}.${process.pid}.${crypto.randomBytes(6).toString("hex")}.tmp`;
    await fs.promises.writeFile(temp, data);
    await fs.promises.rename(temp, file);
  }

  async has(key: string): Promise<boolean> {
    return fs.existsSync(this.file(key));
  }

  async delete(key: string): Promise<void> {
    const file = this.file(key);
    await fs.promises.rm(file, { force: true });
    // the key's folder goes with its last image (ENOTEMPTY otherwise: another image still lives there)
    await fs.promises.rmdir(path.dirname(file)).catch(() => undefined);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await fs.promises.readFile(this.file(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }
}

/** Any S3-compatible service (AWS S3, MinIO, R2, ...), signed with SigV4; path-style URLs. */
export class S3ImageStore implements ImageStore {
  private readonly client: AwsClient;
  constructor(
    private readonly endpoint: string,
    private readonly bucket: string,
    accessKeyId: string,
    secretAccessKey: string,
    region: string,
  ) {
    this.client = new AwsClient({ accessKeyId, secretAccessKey, region, service: "s3" });
  }

  private url(key: string) {
    return `${this.endpoint.replace(/\/$/, "")}/${this.bucket}/${key}`;
  }

  /** A new deployment's bucket is made at start (MinIO and most S3-compatible stores begin with none). */
  async prepare(): Promise<{ created: boolean }> {
    const bucket = `${this.endpoint.replace(/\/$/, "")}/${this.bucket}`;
    const head = await this.client.fetch(bucket, { method: "HEAD" });
    if (head.ok) return { created: false };
    if (head.status !== 404) throw new Error(`image storage answered HTTP ${head.status} about bucket ${this.bucket}`);
    const made = await this.client.fetch(bucket, { method: "PUT" });
    // another instance starting at the same moment may have made it first
    if (!made.ok && made.status !== 409) {
      throw new Error(`image storage answered HTTP ${made.status} when asked to create bucket ${this.bucket}`);
    }
    return { created: made.ok };
  }

  async put(key: string, data: Buffer, mime: string): Promise<void> {
    const head = await this.client.fetch(this.url(key), { method: "HEAD" });
    if (head.ok) return;
    const response = await this.client.fetch(this.url(key), {
      method: "PUT",
      body: new Uint8Array(data),
      headers: { "Content-Type": mime },
    });
    if (!response.ok) throw new Error(`image storage answered HTTP ${response.status} to a PUT`);
  }

  async has(key: string): Promise<boolean> {
    const head = await this.client.fetch(this.url(key), { method: "HEAD" });
    if (head.ok || head.status === 404) return head.ok;
    throw new Error(`image storage answered HTTP ${head.status} to a HEAD`);
  }

  async delete(key: string): Promise<void> {
    const response = await this.client.fetch(this.url(key), { method: "DELETE" });
    if (!response.ok && response.status !== 404)
      throw new Error(`image storage answered HTTP ${response.status} to a DELETE`);
  }

  async get(key: string): Promise<Buffer | null> {
    const response = await this.client.fetch(this.url(key));
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`image storage answered HTTP ${response.status} to a GET`);
    return Buffer.from(await response.arrayBuffer());
  }
}

const globalForStore = globalThis as unknown as { arenaImageStore?: ImageStore };

/** S3 when ARENA_S3_BUCKET is set (keys from ARENA_S3_ACCESS_KEY_ID / ARENA_S3_SECRET_ACCESS_KEY), else local. */
export function imageStore(c: Config = config()): ImageStore {
  if (globalForStore.arenaImageStore) return globalForStore.arenaImageStore;
  const { ARENA_S3_BUCKET: bucket, ARENA_S3_ENDPOINT: endpoint } = c;
  const { ARENA_S3_ACCESS_KEY_ID: id, ARENA_S3_SECRET_ACCESS_KEY: secret } = c;
  // the schema refuses a bucket without its endpoint and keys
  const store: ImageStore =
    bucket && endpoint && id && secret
      ? new S3ImageStore(endpoint, bucket, id, secret, c.ARENA_S3_REGION)
      : new LocalImageStore(path.resolve(c.ARENA_DATA_DIR, "images"));
  globalForStore.arenaImageStore = store;
  return store;
}
