// An S3-compatible server for the tests that store images or backups in a bucket (s3rver, on a free local port).
import path from "node:path";
import S3rver from "s3rver";
import { freePort } from "../../lib/db/free-port";

/** s3rver on 127.0.0.1 keeping its files under `root`/s3, with `bucket` created; its endpoint and the server. */
export async function startS3(root: string, bucket: string): Promise<{ s3: S3rver; port: number; endpoint: string }> {
  const port = await freePort();
  const s3 = new S3rver({
    port,
    address: "127.0.0.1",
    silent: true,
    directory: path.join(root, "s3"),
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  await s3.run();
  return { s3, port, endpoint: `http://127.0.0.1:${port}` };
}
