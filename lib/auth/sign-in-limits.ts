import type { Limit } from "../arena/rate-limit";

/**
 * Password guessing, over every instance: ten tries per address from one client address, a hundred per client
 * address in all, per quarter hour. Keyed by client too, so someone guessing elsewhere cannot lock an admin out.
 */
export function signInLimits(email: string, ipHash: string | null): Limit[] {
  const window = { windowSeconds: 900, message: "too many tries" };
  return [
    { key: `signin:${email}:${ipHash ?? "unknown"}`, limit: 10, ...window },
    ...(ipHash ? [{ key: `signin-ip:${ipHash}`, limit: 100, ...window }] : []),
  ];
}
