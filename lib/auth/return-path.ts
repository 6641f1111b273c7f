// Where to go after signing in: a path on this site, never another site. Browsers read "\" as "/" in URLs, so
// "/\evil.example" is "//evil.example" to them; the value is resolved as a browser would before it is trusted.

const HOME = "/admin";
const BASE = "http://arena.invalid";

export function safeReturnPath(value: unknown, fallback = HOME): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.length > 2000) return fallback;
  // control characters and whitespace are dropped or refused by browsers in ways that differ: refuse them all
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || code === 0x7f || /\s/.test(char)) return fallback;
  }
  let url: URL;
  try {
    url = new URL(value.replaceAll("\\", "/"), BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith("//") ? fallback : path;
}
