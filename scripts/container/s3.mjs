// s3rver with MinIO's command line (`server DIR --address :PORT`). It knows one account, S3RVER / S3RVER: the
// container test sets S3_ACCESS_KEY and S3_SECRET_KEY to those.
import S3rver from "s3rver";

const args = process.argv.slice(2).filter((a) => a !== "server");
const at = args.indexOf("--address");
const port = Number(at >= 0 ? args[at + 1]?.split(":").pop() : 9000);
const directory = args.find((a, i) => !a.startsWith("--") && args[i - 1] !== "--address") ?? "/data";
const server = new S3rver({
  port,
  address: "0.0.0.0",
  directory,
  silent: false,
  // compose reaches it as http://s3:9000: the host name is not a bucket
  vhostBuckets: false,
});
await server.run();
console.log(`s3rver on :${port}, data in ${directory}`);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.close().then(() => process.exit(0)));
