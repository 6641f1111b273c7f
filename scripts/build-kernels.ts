// tsx scripts/build-kernels.ts [--check]: compiles the WebAssembly kernels' text (lib/ratings/kernels/*.wat) into
// modules embedded as base64 (lib/ratings/kernels/*-wasm.ts), so that they load synchronously in any thread or
// bundle without reading a file. --check exits 1 when an embedded module is not its text's compilation.
import fs from "node:fs";
import path from "node:path";
import { compileKernel, embeddedKernelSource } from "./kernels/compile";

const dir = path.join(import.meta.dirname, "../lib/ratings/kernels");
const check = process.argv.includes("--check");
let stale = 0;
for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".wat"))) {
  const name = file.replace(/\.wat$/, "");
  const bytes = await compileKernel(fs.readFileSync(path.join(dir, file), "utf8"), file);
  const target = path.join(dir, `${name}-wasm.ts`);
  const source = embeddedKernelSource(name, bytes);
  const current = fs.existsSync(target) ? fs.readFileSync(target, "utf8") : "";
  if (current === source) continue;
  if (check) {
    console.error(
      `${path.relative(process.cwd(), target)} is not the compilation of ${file}: run tsx scripts/build-kernels.ts`,
    );
    stale++;
  } else {
    fs.writeFileSync(target, source);
    console.log(`${path.relative(process.cwd(), target)}: ${bytes.length} bytes`);
  }
}
process.exit(stale > 0 ? 1 : 0);
