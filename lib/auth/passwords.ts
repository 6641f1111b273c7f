// Passwords are kept only as scrypt hashes (`scrypt$N$r$p$salt$hash`), compared in constant time.
import crypto from "node:crypto";
import { promisify } from "node:util";

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  length: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

const N = 16384;
const R = 8;
const P = 1;
const LENGTH = 32;
export const MIN_PASSWORD_LENGTH = 10;

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password.normalize("NFKC"), salt, LENGTH, { N, r: R, p: P });
  return ["scrypt", N, R, P, salt.toString("base64url"), hash.toString("base64url")].join("$");
}

export function isPasswordHash(value: string): boolean {
  return /^scrypt\$\d+\$\d+\$\d+\$[\w-]+\$[\w-]+$/.test(value);
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored || !isPasswordHash(stored)) return false;
  const [, n, r, p, salt, expected] = stored.split("$") as [string, string, string, string, string, string];
  const want = Buffer.from(expected, "base64url");
  const got = await scrypt(password.normalize("NFKC"), Buffer.from(salt, "base64url"), want.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return crypto.timingSafeEqual(got, want);
}

/** Spends the same time as a real check, so a missing account cannot be told from a wrong password. */
let dummy: Promise<string> | undefined;
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummy ??= hashPassword("not-a-real-password");
  await verifyPassword(password, await dummy);
  return false;
}

export function checkNewPassword(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `use at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > 200) return "use at most 200 characters";
  return null;
}
