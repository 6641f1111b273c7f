// lib/async: small helpers for waiting.

export { type LoadingCache, loadingCache } from "./loading-cache";
export { sleep } from "./sleep";
