import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The front door (scripts/web-server.mjs) compresses pages, JSON and assets itself and leaves the answers'
  // NDJSON stream alone (no-transform): Next's own gzip would compress every streamed token chunk too.
  compress: false,
  // Server-only packages with native parts or WebAssembly: load them from node_modules at run time.
  serverExternalPackages: [
    "pg",
    "@prisma/adapter-pg",
    "@prisma/client",
    "sharp",
    "exceljs",
    "nsfwjs",
    "onnxruntime-node",
    "@tensorflow/tfjs",
    "@tensorflow/tfjs-core",
    "@tensorflow/tfjs-converter",
    "@tensorflow/tfjs-backend-wasm",
    "@vladmandic/human",
    // one copy per process, shared with the front door (lib/metrics/registry.mjs)
    "prom-client",
    "@opentelemetry/api",
  ],
  // `npm run dev` serves its scripts and hot reload only to origins it knows: localhost by default. The README's
  // address and the one the server prints may be opened as 127.0.0.1 too (a dead page otherwise: no script runs).
  allowedDevOrigins: ["127.0.0.1", "localhost", "[::1]"],
  // unauthorized()/forbidden(): admin and researcher pages answer 401/403 with their own pages
  experimental: { authInterrupts: true },
};

export default nextConfig;
