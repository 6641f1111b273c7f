// npm run bench:image-safety [-- IMAGES]: what the image checks cost on this machine. The NSFW classifier's latency
// per image as the arena runs it on each upload (from the pixels the upload's normalisation made), beside the way
// before (decoding the stored image again: its split and the largest score difference) and the same
// model on TensorFlow.js WebAssembly (the runtime it replaced) on the first 100 images; face detection, and blurring
// as an export runs it, per 1,000 images (default 1,000: a third photographs with a face, the rest synthetic
// pictures of 512-1,024 px). Issue 41's target: classifier CPU ≤ 10 ms per image. Prints JSON.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { progressBar } from "../lib/cli/progress";
import {
  blurFaces,
  detectFaces,
  type NsfwClass,
  perceptualHash,
  tfjsNsfwScores,
  timedNsfwScores,
} from "../lib/image-safety";
import { type ImageType, normaliseImage, sniffImageType } from "../lib/images";

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

// Each picture as the server takes it: the upload normalised (decoded once) with the classifier's pixels made from
// that decode, then classified on the thread from those pixels; beside it, the way before (the thread decoding the
// stored bytes again), with the verdicts' largest difference between the two.
const cpuMs = async <T>(run: () => Promise<T>): Promise<[number, T]> => {
  const before = process.cpuUsage();
  const value = await run();
  const used = process.cpuUsage(before);
  return [(used.user + used.system) / 1000, value];
};
const classify: number[] = [];
const inference: number[] = [];
const cpu: number[] = [];
const normaliseCpu: number[] = [];
const normaliseAloneCpu: number[] = [];
const fromBytesCpu: number[] = [];
const decodeResize: number[] = [];
const phash: number[] = [];
const verdictDifference: Record<string, number> = {};
const bar = progressBar("classifying");
for (const [i, image] of images.entries()) {
  const type = sniffImageType(image) as ImageType;
  const [normaliseMs, normalised] = await cpuMs(() =>
    normaliseImage(image, type, 1024, 50_000_000, { classifierPixels: true }),
  );
  normaliseCpu.push(normaliseMs);
  normaliseAloneCpu.push((await cpuMs(() => normaliseImage(image, type, 1024)))[0]);
  const pixels = normalised.classifierPixels as Uint8Array;
  const [ms, [used, now]] = await timed(() => cpuMs(() => timedNsfwScores({ pixels })));
  cpu.push(used);
  classify.push(ms);
  inference.push(now.timing.inference);
  const [bytesMs, before] = await cpuMs(() => timedNsfwScores(normalised.data));
  fromBytesCpu.push(bytesMs);
  decodeResize.push(before.timing.decodeResize);
  const difference = Math.max(
    ...Object.keys(now.scores).map((k) => Math.abs(now.scores[k as NsfwClass] - before.scores[k as NsfwClass])),
  );
  verdictDifference[normalised.mime] = Math.max(verdictDifference[normalised.mime] ?? 0, difference);
  phash.push((await timed(() => perceptualHash(normalised.data)))[0]);
  bar.update(i + 1, images.length);
}
bar.done();
const p50 = (xs: number[]) => percentile(xs, 0.5);
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
        runtime: "onnxruntime-node (CPU, one thread), from the pixels the upload's normalisation made",
        p50: percentile(classify, 0.5),
        p99: percentile(classify, 0.99),
        split: { inference: { p50: percentile(inference, 0.5), p99: percentile(inference, 0.99) } },
        cpuMsPerImage: { p50: percentile(cpu, 0.5), p99: percentile(cpu, 0.99) },
        target: "≤ 10 ms of classifier CPU per image",
        fromStoredBytes: {
          note: "before issue 41's last change: the thread decodes and resizes the stored image again",
          cpuMsPerImage: { p50: p50(fromBytesCpu), p99: percentile(fromBytesCpu, 0.99) },
          decodeResize: { p50: p50(decodeResize), p99: percentile(decodeResize, 0.99) },
        },
        largestScoreDifferenceByType: Object.fromEntries(
          Object.entries(verdictDifference).map(([mime, d]) => [mime, Number(d.toExponential(2))]),
        ),
      },
      uploadCpuMsPerImage: {
        note: "normalising an upload and classifying it, the two together (p50s)",
        now: Number((p50(normaliseCpu) + p50(cpu)).toFixed(1)),
        before: Number((p50(normaliseAloneCpu) + p50(fromBytesCpu)).toFixed(1)),
        normalise: { withClassifierPixels: p50(normaliseCpu), without: p50(normaliseAloneCpu) },
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
