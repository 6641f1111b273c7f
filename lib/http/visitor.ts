// The anonymous visitor behind a request: a signed cookie id (no login), and the IP only as a salted hash.

import { Forbidden } from "../errors";
import { hashIp, signValue, verifySigned } from "../security";
import { CLIENT_IP_HEADER, FRONT_DOOR_HEADER, frontDoorToken, ORIGIN_HEADER } from "./front-door.mjs";

export const VISITOR_COOKIE = "arena_vid";

/** A cookie's value in a `cookie` header. */
function cookieIn(header: string | null | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join("="));
    } catch {
      return undefined; // a malformed cookie is no cookie: the visitor accepts the terms again
    }
  }
  return undefined;
}

export function visitorIdFrom(request: Request): string | null {
  return visitorIdFromHeader(request.headers.get("cookie"));
}

/** visitorIdFrom for a request's raw `cookie` header (the front door's). */
export function visitorIdFromHeader(cookieHeader: string | null | undefined): string | null {
  return verifySigned(cookieIn(cookieHeader, VISITOR_COOKIE));
}

/** The visitor id in a cookie's value as a page reads it (next/headers), or null when it is missing or forged. */
export function visitorIdFromCookie(value: string | undefined): string | null {
  return verifySigned(value);
}

/**
 * The client's address as the front door decided it (the socket's peer, or what trusted proxies forwarded; see
 * lib/http/front-door.mjs), hashed. Believed only with this process's front-door token: a client cannot name
 * its own address. Without the front door (a bare `next start`) the address is unknown.
 */
export function clientAddressFrom(request: Request): string | null {
  return vouched(request.headers, CLIENT_IP_HEADER);
}

/**
 * The public origin the front door decided for the request (ARENA_PUBLIC_URL, a trusted proxy's forwarded host and
 * scheme, or the Host header), for whatever builds absolute URLs; believed as the address is.
 */
export function stampedOrigin(headers: Pick<Headers, "get">): string | null {
  return vouched(headers, ORIGIN_HEADER);
}

/** A header the front door set, believed only with this process's front-door token beside it. */
function vouched(headers: Pick<Headers, "get">, name: string): string | null {
  const token = frontDoorToken();
  if (!token || headers.get(FRONT_DOOR_HEADER) !== token) return null;
  return headers.get(name);
}

export function ipHashFrom(request: Request): string | null {
  const address = clientAddressFrom(request);
  return address ? hashIp(address) : null;
}

export function visitorCookie(visitorId: string, request: Request): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${VISITOR_COOKIE}=${encodeURIComponent(signValue(visitorId))}; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000${secure}`;
}

/** The visitor cookie removed (after the visitor deleted their data: the next visit is a new visitor). */
export function expiredVisitorCookie(request: Request): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${VISITOR_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`;
}

/** The visitor id of a request that needs one: 403 `terms_required` when there is none. */
export function requireVisitorId(request: Request): string {
  const visitorId = visitorIdFrom(request);
  if (!visitorId) throw new Forbidden("terms_required", "please accept the terms of use first");
  return visitorId;
}
