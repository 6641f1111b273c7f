// The server's signing secret: ARENA_SECRET (required when several instances run), else a random one kept in the
// data folder (mode 600) so a single instance keeps its visitors across restarts. Never stored in the database.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { type Config, config } from "../config";

let cached: string | undefined;

export function serverSecret(c: Config = config()): string {
  if (cached) return cached;
  // the schema refuses one under 16 characters
  if (c.ARENA_SECRET) {
    cached = c.ARENA_SECRET;
    return c.ARENA_SECRET;
  }
  const file = path.resolve(c.ARENA_DATA_DIR, "secret");
  try {
    cached = fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const secret = crypto.randomBytes(32).toString("base64url");
    // written whole under another name, then linked: a process starting at the same moment sees all or nothing
    const temporary = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, secret, { mode: 0o600 });
    try {
      fs.linkSync(temporary, file);
      cached = secret;
    } catch {
      cached = fs.readFileSync(file, "utf8").trim(); // another process won the race
    } finally {
      fs.rmSync(temporary, { force: true });
    }
  }
  return cached as string;
}

export function hmac(secret: string, value: string): string {
  return crypto.createHmac("sha256", secret).update(value).digest("base64url");
}

/** Visitor IPs are only ever stored as this salted hash. */
export function hashIp(ip: string, secret = serverSecret()): string {
  return hmac(secret, `ip:${ip}`).slice(0, 32);
}

/** `<id>.<signature>`: a visitor id the client cannot forge. */
export function signValue(value: string, secret = serverSecret()): string {
  return `${value}.${hmac(secret, `visitor:${value}`)}`;
}

export function verifySigned(signed: string | undefined, secret = serverSecret()): string | null {
  if (!signed) return null;
  const dot = signed.lastIndexOf(".");
  if (dot <= 0) return null;
  const value = signed.slice(0, dot);
  const expected = Buffer.from(hmac(secret, `visitor:${value}`));
  const given = Buffer.from(signed.slice(dot + 1));
  return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? value : null;
}
