// The anonymous visitor behind a request: a signed cookie id (no login), and the IP only as a salted hash.
import { hashIp, signValue, verifySigned } from "../security/secret";
import { ApiError } from "./errors";

export const VISITOR_COOKIE = "arena_vid";

function cookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie") ?? "";
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return undefined;
}

export function visitorIdFrom(request: Request): string | null {
  return verifySigned(cookie(request, VISITOR_COOKIE));
}

/** The client address as the server saw it (first X-Forwarded-For hop, which Next.js sets), hashed. */
export function ipHashFrom(request: Request): string | null {
  const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || request.headers.get("x-real-ip");
  return forwarded ? hashIp(forwarded) : null;
}

export function visitorCookie(visitorId: string, request: Request): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${VISITOR_COOKIE}=${encodeURIComponent(signValue(visitorId))}; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000${secure}`;
}

/** The visitor id of a request that needs one: 403 `terms_required` when there is none. */
export function requireVisitorId(request: Request): string {
  const visitorId = visitorIdFrom(request);
  if (!visitorId) throw new ApiError(403, "terms_required", "please accept the terms of use first");
  return visitorId;
}
