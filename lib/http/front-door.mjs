// What every request meets before Next.js (scripts/web-server.mjs): the client's address decided from the socket
// and the configured proxies only, a ceiling on declared body sizes, no NUL in URLs, and API errors that Next.js
// answers without a body (405) given the arena's error shape. Plain JavaScript: the server runs without a loader.
import crypto from "node:crypto";
import net from "node:net";
import { config } from "../config/schema.mjs";

/** The header that carries the decided client address to the app, with the token that proves we set it. */
export const CLIENT_IP_HEADER = "x-arena-client-ip";
export const FRONT_DOOR_HEADER = "x-arena-front-door";
const FORWARDED_HEADERS = [
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-proto",
  "x-forwarded-port",
  "x-real-ip",
  "forwarded",
];

/**
 * ARENA_TRUSTED_PROXIES: comma-separated addresses or CIDRs (IPv4 or IPv6), or `loopback`/`private` as
 * shorthands. Empty: no proxy is trusted, the socket's address is the client.
 * @param {string | undefined} value
 * @returns {net.BlockList}
 */
export function parseTrustedProxies(value) {
  const list = new net.BlockList();
  const shorthands = {
    loopback: ["127.0.0.0/8", "::1/128"],
    private: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
  };
  for (const raw of (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    for (const entry of shorthands[raw] ?? [raw]) {
      const [address, bits] = entry.split("/");
      const family = net.isIP(address ?? "");
      if (!family) throw new Error(`ARENA_TRUSTED_PROXIES: '${entry}' is not an address or CIDR`);
      const type = family === 6 ? "ipv6" : "ipv4";
      if (bits === undefined) list.addAddress(address, type);
      else {
        const prefix = Number(bits);
        if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 6 ? 128 : 32)) {
          throw new Error(`ARENA_TRUSTED_PROXIES: '${entry}' has a bad prefix length`);
        }
        list.addSubnet(address, prefix, type);
      }
    }
  }
  return list;
}

/** "::ffff:1.2.3.4" (IPv4 on a dual-stack socket) as "1.2.3.4"; anything that is not an address as null. */
function normalise(address) {
  const trimmed = (address ?? "").trim().replace(/^\[|\]$/g, "");
  const plain = trimmed.startsWith("::ffff:") && net.isIPv4(trimmed.slice(7)) ? trimmed.slice(7) : trimmed;
  return net.isIP(plain) ? plain : null;
}

function trusted(list, address) {
  return list.check(address, net.isIPv6(address) ? "ipv6" : "ipv4");
}

/**
 * The client's address: the socket's peer unless it is a trusted proxy, in which case X-Forwarded-For is read
 * from the right, skipping trusted hops; the first untrusted hop is the client. A client that sends its own
 * X-Forwarded-For to an untrusted socket changes nothing.
 * @param {string | undefined} socketAddress
 * @param {string | string[] | undefined} forwardedFor
 * @param {net.BlockList} proxies
 */
export function clientAddress(socketAddress, forwardedFor, proxies) {
  let client = normalise(socketAddress);
  if (!client) return null;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? ""))
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  while (trusted(proxies, client) && hops.length > 0) {
    const next = normalise(hops.pop());
    if (!next) break; // a hop that is not an address: stop at the last one we can vouch for
    client = next;
  }
  return client;
}

/**
 * Rewrites the request's headers in place: forwarded headers survive only from a trusted proxy, and the client
 * address goes to the app in CLIENT_IP_HEADER with this process's token.
 */
export function stampClient(req, proxies, token) {
  const fromProxy = trusted(proxies, normalise(req.socket.remoteAddress) ?? "0.0.0.0");
  const address = clientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], proxies);
  if (!fromProxy) for (const name of FORWARDED_HEADERS) delete req.headers[name];
  delete req.headers[CLIENT_IP_HEADER];
  delete req.headers[FRONT_DOOR_HEADER];
  if (address) {
    req.headers[CLIENT_IP_HEADER] = address;
    req.headers[FRONT_DOOR_HEADER] = token;
  }
  return address;
}

/**
 * The largest body any route takes: a new conversation with every image at its limit (ARENA_MAX_IMAGES ×
 * ARENA_IMAGE_MAX_MB, defaults 4 × 15 MB) plus 1 MB for the prompt. lib/images uses it too.
 * @param {Record<string, string | undefined>} env
 */
export function uploadCeiling(c = config()) {
  return c.ARENA_MAX_IMAGES * c.ARENA_IMAGE_MAX_MB * 1048576 + 1048576;
}

/**
 * A request to refuse before Next.js sees it, or null: a NUL anywhere in the URL, or a declared body over the
 * ceiling (the largest upload the arena takes). Bodies sent chunked are counted by the route that reads them.
 * @returns {{ status: number, code: string, message: string } | null}
 */
export function refusal(req, maxBodyBytes) {
  const url = req.url ?? "/";
  if (url.includes("\0") || /%00/i.test(url)) {
    return { status: 400, code: "nul_byte", message: "the address contains a NUL character" };
  }
  try {
    decodeURIComponent(url.split("?")[0] ?? "");
  } catch {
    return { status: 400, code: "bad_url", message: "the address has a malformed %-escape" };
  }
  const declared = req.headers["content-length"];
  if (declared !== undefined) {
    if (!/^\d+$/.test(String(declared).trim())) {
      return { status: 400, code: "invalid_content_length", message: "Content-Length is not a number" };
    }
    if (Number(declared) > maxBodyBytes) {
      return {
        status: 413,
        code: "body_too_large",
        message: `the request body is larger than ${Math.round(maxBodyBytes / 1048576)} MB`,
      };
    }
  }
  return null;
}

export function sendError(res, status, code, message, headers = {}) {
  const body = JSON.stringify({ error: { code, message } });
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body), ...headers });
  res.end(body);
}

/**
 * Next.js answers an API method the route does not export with a bare 405: give it the error shape. Only an
 * empty 405 is rewritten, so a route's own 405 passes through as it is.
 */
export function jsonMethodNotAllowed(req, res) {
  const end = res.end;
  res.end = function patchedEnd(chunk, ...rest) {
    const empty = chunk === undefined || chunk === null || typeof chunk === "function" || chunk.length === 0;
    if (res.statusCode === 405 && !res.headersSent && empty) {
      const path = (req.url ?? "").split("?")[0];
      const body = JSON.stringify({
        error: { code: "method_not_allowed", message: `${req.method} is not allowed on ${path}` },
      });
      res.setHeader("content-type", "application/json");
      res.setHeader("content-length", Buffer.byteLength(body));
      return end.call(
        this,
        body,
        ...(typeof chunk === "function" ? [chunk] : rest.filter((r) => typeof r === "function")),
      );
    }
    return end.call(this, chunk, ...rest);
  };
}

/** A token only this process knows: the app believes CLIENT_IP_HEADER only when it comes with it. */
export function newFrontDoorToken() {
  return crypto.randomBytes(18).toString("base64url");
}

// The token travels from the front door to the app in this process's environment: an internal handoff that any
// process Next.js starts for rendering inherits, not configuration (so not in lib/config's schema).
const TOKEN_VARIABLE = "ARENA_FRONT_DOOR_TOKEN";

/** Hands this process's token to the app (called once by the front door before Next.js starts). */
export function handOverFrontDoorToken(token) {
  process.env[TOKEN_VARIABLE] = token;
}

/** The token the front door handed over, or undefined when the app runs without it (a bare `next start`). */
export const frontDoorToken = () => process.env[TOKEN_VARIABLE];
