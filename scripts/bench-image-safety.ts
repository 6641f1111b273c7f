// npm run bench:image-safety [-- IMAGES]: what the image checks cost on this machine. The NSFW classifier's latency
// per image (as the arena runs it on each upload) split into decoding and resizing and inference, beside the same
// model on TensorFlow.js WebAssembly (the runtime it replaced) on the first 100 images; face detection, and blurring
// as an export runs it, per 1,000 images (default 1,000: a third photographs with a face, the rest synthetic
// pictures of 512-1,024 px). Issue 41's target: classifier CPU ≤ 10 ms per image. Prints JSON.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { progressBar } from "../lib/cli/progress";
import { blurFaces, detectFaces, perceptualHash, tfjsNsfwScores, timedNsfwScores } from "../lib/image-safety";

const count = Number(process.argv[2] ?? 1000);
const portrait = fs.readFileSync(path.join(import.meta.dirname, "..", "tests", "fixtures", "images", "portrait.jpg"));

async function picture(i: number): Promise<Buffer> {
  if (i % 3 === 0)
    return sharp(portrait)
      .resize(400 + (i % 7) * 60)
      .jpeg({ quality: 85 })
      .toBuffer();
  const side = 512 + ((i * 97) % 512);
  const noise = Buffer.alloc(64 * 64 * 3);
  for (let k = 0; k < noise.length; k++) noise[k] = (k * 31 + i * 17) % 256;
  return sharp(noise, { raw: { width: 64, height: 64, channels: 3 } })
    .resize(side, side)
    .png()
    .toBuffer();
}

const percentile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Number((s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN).toFixed(1));
};

async function timed<T>(run: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const value = await run();
  return [performance.now() - start, value];
}

const images: Buffer[] = [];
for (let i = 0; i < count; i++) images.push(await picture(i));
const [nsfwLoadMs] = await timed(() => timedNsfwScores(images[0] as Buffer));
const [tfjsLoadMs] = await timed(() => tfjsNsfwScores(images[0] as Buffer));
const [facesLoadMs] = await timed(() => detectFaces(images[0] as Buffer));

const classify: number[] = [];
const decodeResize: number[] = [];
const inference: number[] = [];
const cpu: number[] = [];
const phash: number[] = [];
const bar = progressBar("classifying");
for (const [i, image] of images.entries()) {
  const before = process.cpuUsage();
  const [ms, { timing }] = await timed(() => timedNsfwScores(image));
  const used = process.cpuUsage(before);
  cpu.push((used.user + used.system) / 1000);
  classify.push(ms);
  decodeResize.push(timing.decodeResize);
  inference.push(timing.inference);
  phash.push((await timed(() => perceptualHash(image)))[0]);
  bar.update(i + 1, images.length);
}
bar.done();
const reference: number[] = [];
for (const image of images.slice(0, 100)) reference.push((await timed(() => tfjsNsfwScores(image)))[0]);

const out = fs.mkdtempSync(path.join(os.tmpdir(), "arena-blur-"));
const blurBar = progressBar("blurring");
let faces = 0;
const started = performance.now();
for (const [i, image] of images.entries()) {
  const blurred = await blurFaces(image);
  faces += blurred.faces.length;
  fs.writeFileSync(path.join(out, `${i}.img`), blurred.data);
  blurBar.update(i + 1, images.length);
}
const blurSeconds = (performance.now() - started) / 1000;
blurBar.done();
fs.rmSync(out, { recursive: true, force: true });

console.log(
  JSON.stringify(
    {
      machine: { cpus: os.cpus().length, node: process.version },
      images: count,
      modelLoadMs: { nsfw: Math.round(nsfwLoadMs), nsfwTfjs: Math.round(tfjsLoadMs), faces: Math.round(facesLoadMs) },
      nsfwMsPerImage: {
        runtime: "onnxruntime-node (CPU, one thread)",
        p50: percentile(classify, 0.5),
        p99: percentile(classify, 0.99),
        split: {
          decodeResize: { p50: percentile(decodeResize, 0.5), p99: percentile(decodeResize, 0.99) },
          inference: { p50: percentile(inference, 0.5), p99: percentile(inference, 0.99) },
        },
        cpuMsPerImage: { p50: percentile(cpu, 0.5), p99: percentile(cpu, 0.99) },
        target: "≤ 10 ms of classifier CPU per image",
      },
      nsfwTfjsMsPerImage: {
        runtime: "TensorFlow.js WebAssembly (SIMD, one thread), the runtime before issue 41",
        images: reference.length,
        p50: percentile(reference, 0.5),
        p99: percentile(reference, 0.99),
      },
      phashMsPerImage: { p50: percentile(phash, 0.5), p99: percentile(phash, 0.99) },
      blurFaces: {
        facesFound: faces,
        seconds: Number(blurSeconds.toFixed(1)),
        secondsPer1000Images: Number(((blurSeconds * 1000) / count).toFixed(1)),
      },
      peakMemoryMB: Math.round(process.resourceUsage().maxRSS / 1024),
    },
    null,
    2,
  ),
);
