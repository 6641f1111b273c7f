import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Compression belongs to the proxy in front: in-process gzip costs CPU per streamed chunk and can hold
  // tokens back in its buffer.
  compress: false,
  // Server-only packages with native parts or WebAssembly: load them from node_modules at run time.
  serverExternalPackages: [
    "pg",
    "@prisma/adapter-pg",
    "@prisma/client",
    "sharp",
    "sharp-phash",
    "nsfwjs",
    "@tensorflow/tfjs",
    "@tensorflow/tfjs-core",
    "@tensorflow/tfjs-converter",
    "@tensorflow/tfjs-backend-wasm",
    "@vladmandic/human",
  ],
  // unauthorized()/forbidden(): admin and researcher pages answer 401/403 with their own pages
  experimental: { authInterrupts: true },
};

export default nextConfig;
