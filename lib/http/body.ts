// Request bodies read with a ceiling: a declared Content-Length over the limit is refused before a byte is read,
// and a chunked body is read only until it passes the limit (the rest is never buffered).
import { DomainError, InvalidInput, TooLarge } from "../errors";
import { SMALL_BODY_CEILING } from "./front-door.mjs";

export const MB = 1024 * 1024;
/** JSON bodies of every route: the longest prompt (30,000 characters, at most 4 bytes each) fits many times. */
export const JSON_BODY_LIMIT = SMALL_BODY_CEILING;

function tooLarge(limit: number): TooLarge {
  return new TooLarge("body_too_large", `the request body is larger than ${formatBytes(limit)}`);
}

function formatBytes(bytes: number): string {
  return bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** Refuses on the declared length alone (before reading). */
export function checkDeclaredLength(request: Request, limit: number): void {
  const declared = request.headers.get("content-length")?.trim();
  if (declared === undefined) return;
  if (!/^\d+$/.test(declared)) throw new InvalidInput("invalid_content_length", "Content-Length is not a number");
  if (Number(declared) > limit) throw tooLarge(limit);
}

export async function readBodyLimited(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  checkDeclaredLength(request, limit);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge(limit);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new InvalidInput("body_unreadable", "the request body could not be read");
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** How deeply a request body may nest: every route's schema needs fewer than ten levels. */
export const MAX_BODY_DEPTH = 32;

/**
 * Text that PostgreSQL cannot store as it is: U+0000, and a lone UTF-16 surrogate (not a character: it would
 * arrive as a replacement or fail the encoding). Refused at the door with the place it was found.
 */
function checkText(value: string, where: string): void {
  if (value.includes("\u0000")) throw new InvalidInput("nul_byte", `${where} contains a NUL character`);
  if (!value.isWellFormed()) {
    throw new InvalidInput("invalid_text", `${where} contains a lone UTF-16 surrogate, which is not a character`);
  }
}

/**
 * Walks a parsed body without recursion (a body nested thousands deep must not overflow the stack), refusing
 * nesting past MAX_BODY_DEPTH and text PostgreSQL cannot store, in keys and values alike.
 */
export function rejectNul(value: unknown, where = "body"): void {
  const stack: [unknown, string, number][] = [[value, where, 0]];
  while (stack.length > 0) {
    const [item, at, depth] = stack.pop() as [unknown, string, number];
    if (typeof item === "string") {
      checkText(item, at);
      continue;
    }
    if (!item || typeof item !== "object") continue;
    if (depth >= MAX_BODY_DEPTH) {
      throw new InvalidInput("too_deep", `the request body is nested more than ${MAX_BODY_DEPTH} levels deep`);
    }
    if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push([item[i], `${at}[${i}]`, depth + 1]);
      continue;
    }
    for (const [key, child] of Object.entries(item)) {
      checkText(key, at);
      stack.push([child, at === "body" ? key : `${at}.${key}`, depth + 1]);
    }
  }
}

/** Query parameters free of NUL characters (they would reach the database as text). */
export function searchParams(request: Request): URLSearchParams {
  const params = new URL(request.url).searchParams;
  for (const [key, value] of params) rejectNul(value, `query parameter '${key}'`);
  return params;
}
