// lib/async: small helpers for waiting.
export { sleep } from "./sleep";
