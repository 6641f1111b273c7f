// What every request meets before Next.js (scripts/web-server.mjs): the client's address decided from the socket
// and the configured proxies only, a ceiling on declared body sizes, no NUL in URLs, and API errors that Next.js
// answers without a body (405) given the arena's error shape. Plain JavaScript: the server runs without a loader.
import crypto from "node:crypto";
import http from "node:http";
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

/** The public origin the front door decided for the request (see publicOrigin), for the routes that build URLs. */
export const ORIGIN_HEADER = "x-arena-origin";

const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;
/** @param {string | string[] | undefined} value the first of a header's comma-separated values */
const firstValue = (value) =>
  String((Array.isArray(value) ? value[0] : value) ?? "")
    .split(",")[0]
    ?.trim() ?? "";

/**
 * The origin the visitor's browser used: ARENA_PUBLIC_URL when configured; else, from a trusted proxy, its
 * X-Forwarded-Proto and X-Forwarded-Host; else the Host header over this socket's scheme. Null when the host is
 * not a host name (a header made up to reach somewhere else).
 * @param {http.IncomingMessage} req
 * @param {boolean} fromProxy
 * @param {string | undefined} configured
 * @returns {string | null}
 */
export function publicOrigin(req, fromProxy, configured) {
  if (configured) return configured;
  const host = (fromProxy && firstValue(req.headers["x-forwarded-host"])) || firstValue(req.headers.host);
  const scheme =
    (fromProxy && firstValue(req.headers["x-forwarded-proto"]).toLowerCase()) ||
    ("encrypted" in req.socket && req.socket.encrypted ? "https" : "http");
  if (!HOST.test(host) || (scheme !== "http" && scheme !== "https")) return null;
  return `${scheme}://${host.toLowerCase()}`;
}

/**
 * Rewrites the request's headers in place: forwarded headers survive only from a trusted proxy, and the client
 * address goes to the app in CLIENT_IP_HEADER with this process's token. The public origin goes in ORIGIN_HEADER
 * and in X-Forwarded-Host/-Proto, which Next.js (server actions' origin check) and Auth.js read: without them Next
 * fills in its own localhost:PORT, and single sign-on sent providers a callback on localhost.
 * @param {http.IncomingMessage} req
 * @param {net.BlockList} proxies
 * @param {string} token
 * @param {string} [configuredOrigin] ARENA_PUBLIC_URL's origin
 */
export function stampClient(req, proxies, token, configuredOrigin) {
  const fromProxy = trusted(proxies, normalise(req.socket.remoteAddress) ?? "0.0.0.0");
  const address = clientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], proxies);
  const origin = publicOrigin(req, fromProxy, configuredOrigin);
  if (!fromProxy) for (const name of FORWARDED_HEADERS) delete req.headers[name];
  delete req.headers[CLIENT_IP_HEADER];
  delete req.headers[FRONT_DOOR_HEADER];
  delete req.headers[ORIGIN_HEADER];
  if (address) {
    req.headers[CLIENT_IP_HEADER] = address;
    req.headers[FRONT_DOOR_HEADER] = token;
  }
  if (origin) {
    const url = new URL(origin);
    req.headers[ORIGIN_HEADER] = origin;
    req.headers["x-forwarded-host"] = url.host;
    req.headers["x-forwarded-proto"] = url.protocol.slice(0, -1);
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
 * "Which model for an image like mine?" (/api/neighbourhood): one picture at its limit and its question.
 * @param {Record<string, string | undefined>} env
 */
export function neighbourhoodCeiling(c = config()) {
  return c.ARENA_IMAGE_MAX_MB * 1048576 + 1048576;
}

/** Every body but a new conversation's: JSON, Auth.js's forms, server actions. lib/http's JSON reader uses it too. */
export const SMALL_BODY_CEILING = 1048576;

/** A follow-up that brings new images comes as a multipart form; as JSON it is text only. */
const FOLLOW_UP_PATH = /^\/api\/conversations\/[^/]+\/messages$/;

/**
 * The most bytes this request's body may have: uploads only where images are taken (opening a conversation, a
 * follow-up sent as a form, the neighbourhood query), a megabyte everywhere else.
 */
export function bodyCeiling(req, c = config()) {
  if (req.method !== "POST") return SMALL_BODY_CEILING;
  const path = (req.url ?? "/").split("?")[0];
  const multipart = String(req.headers?.["content-type"] ?? "").startsWith("multipart/form-data");
  const takesImages = path === "/api/conversations" || (multipart && FOLLOW_UP_PATH.test(path));
  if (takesImages) return uploadCeiling(c);
  return multipart && path === "/api/neighbourhood" ? neighbourhoodCeiling(c) : SMALL_BODY_CEILING;
}

const describeBytes = (bytes) =>
  bytes >= 1048576 ? `${Math.round(bytes / 1048576)} MB` : `${Math.round(bytes / 1024)} KB`;

/** How long a connection answered before its request's body was in stays open once the answer is out. */
const LINGER_MS = 1_000;

/**
 * Closes a connection whose request body is left unread, once its answer is out: reading stops (the sender backs up
 * in TCP), our side ends, and the socket is destroyed LINGER_MS later. Closing at once, with unread bytes, resets the
 * connection, which can lose the answer before the client reads it.
 */
function lingerThenClose(socket) {
  socket.pause();
  if (socket.writable) socket.end();
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}

/**
 * A request answered before its body is all in (an upload refused by admission, a follow-up to an unknown
 * conversation, a 413) has its connection closed after the answer, and says so (`connection: close`). Kept open,
 * the client sent the rest of the body into it and then its next request, which waited behind the unread body until
 * the server dropped the connection ~5 s later (`npm run test:admission`: a health poll after a burst of refused
 * uploads failed with "fetch failed" at 5.8 s). Node would close such a connection as soon as the answer is out;
 * it lingers instead (lingerThenClose).
 */
export function closeWhenAnsweredEarly(req, res) {
  if (req.method === "GET" || req.method === "HEAD") return;
  // taken now: a route that stops reading destroys the request, which then no longer names its socket
  const socket = req.socket;
  const writeHead = res.writeHead;
  res.writeHead = function writeHeadClosingEarly(...args) {
    if (!req.complete && !res.headersSent) {
      res.setHeader("connection", "close");
      socket.destroySoon = () => lingerThenClose(socket);
    }
    return writeHead.apply(this, args);
  };
}

/**
 * Counts the bytes the HTTP parser hands this request, declared or chunked, and refuses the request as soon as
 * they pass `limit`: 413 in the error shape, the rest of the body dropped unread, the connection closed once the
 * answer is out. Whoever reads the body (a route, Auth.js, a server action) never holds more than the ceiling.
 * The parser delivers every body chunk through the request's push(), so this is the one place that sees them all.
 */
export function limitBody(req, res, limit) {
  // taken now: a route that stops reading destroys the request, which then no longer names its socket
  const socket = req.socket;
  let seen = 0;
  let refused = false;
  const push = req.push;
  req.push = function countedPush(chunk, encoding) {
    if (refused) return true;
    if (chunk !== null && chunk !== undefined) {
      seen += chunk.length;
      if (seen > limit) {
        refused = true;
        refuse();
        return true;
      }
    }
    return push.call(this, chunk, encoding);
  };
  function refuse() {
    res.on("error", () => undefined); // the route may still try to answer a request that is gone
    // stop reading: the sender's writes back up in TCP instead of arriving, so nothing more is taken in and the
    // client still reads our answer (closing at once would reset the connection under its writes); the
    // connection is closed once the answer is out, after a moment for the client to read it
    socket.pause();
    const close = () => lingerThenClose(socket);
    if (res.writableFinished) close();
    else res.once("finish", close);
    // (under the web server, closeWhenAnsweredEarly also says "connection: close" on this answer)
    if (!res.headersSent)
      sendError(res, 413, "body_too_large", `the request body is larger than ${describeBytes(limit)}`);
    // whoever reads the body gets no more of it, and no end: its read fails when the connection closes, so a
    // cut body is never taken for a whole one (an upload route would otherwise parse a truncated form)
  }
}

/**
 * Headers every answer carries: no framing by other sites, no MIME sniffing, no full URLs in referrers, and a
 * content policy that keeps scripts, styles, images and connections on this origin. Next.js inlines its bootstrap
 * scripts, hence 'unsafe-inline' for scripts (dev mode also evaluates code and opens a web socket).
 */
export function securityHeaders(dev = false) {
  const policy = [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
  return {
    "content-security-policy": policy,
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "strict-origin-when-cross-origin",
    "cross-origin-opener-policy": "same-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
  };
}

/**
 * Node answers requests its parser cannot take (headers or URL over its limit, malformed syntax) before any
 * handler runs: in the error shape, like every other answer.
 */
export function answerClientError(error, socket) {
  if (!socket.writable || error?.code === "ECONNRESET") {
    socket.destroy();
    return;
  }
  const [status, code, message] =
    error?.code === "HPE_HEADER_OVERFLOW"
      ? [431, "headers_too_large", "the request's address or headers are too long"]
      : error?.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "request_timeout", "the request took too long to arrive"]
        : [400, "bad_request", "the request could not be read"];
  const body = JSON.stringify({ error: { code, message } });
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

/**
 * A request to refuse before Next.js sees it, or null: a NUL anywhere in the URL, or a declared body over its
 * ceiling (bodyCeiling). Bodies sent chunked, or longer than declared, are cut by limitBody.
 * @returns {{ status: number, code: string, message: string } | null}
 */
export function refusal(req, maxBodyBytes) {
  const url = req.url ?? "/";
  // Next's request adapter throws on any other method (TRACE, CONNECT, PROPFIND…): a 500 for a client's choice
  if (!SERVED_METHODS.has(req.method ?? "")) {
    return {
      status: 405,
      code: "method_not_allowed",
      message: `${req.method} is not allowed here`,
      headers: { allow: [...SERVED_METHODS].join(", ") },
    };
  }
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
        message: `the request body is larger than ${describeBytes(maxBodyBytes)}`,
      };
    }
  }
  return null;
}

/**
 * A server action posted from another site: Next.js refuses it by throwing, which answers 500. Refused here as what
 * it is, 403, when the Origin's host is not the public origin's (the front door decided it just before).
 * @param {http.IncomingMessage} req
 * @returns {{ status: number, code: string, message: string } | null}
 */
export function crossSiteAction(req) {
  if (req.method !== "POST" || !req.headers["next-action"]) return null;
  const origin = req.headers.origin;
  const own = req.headers[ORIGIN_HEADER];
  if (!origin || !own) return null; // no Origin: Next's own checks decide (same-origin navigations send one)
  let from;
  try {
    from = new URL(String(origin)).host;
  } catch {
    from = null;
  }
  if (from === new URL(String(own)).host) return null;
  return { status: 403, code: "cross_site_action", message: "this form was sent from another site" };
}

/** The methods Next's routes can be asked with; anything else is answered 405 at the door. */
const SERVED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * Answers every request in whole: Range and If-Range are dropped. Next's file server answers a malformed or
 * unsatisfiable range (`bytes=100-50`, `bytes=abc`, `bytes=-0`, a start past the end) with a 500; nothing the arena
 * serves (pictures of a few hundred KB, scripts, JSON) is large enough for a partial answer to matter, and a plain
 * 200 is what RFC 9110 allows a server that ignores Range to send.
 */
export function wholeFilesOnly(req) {
  delete req.headers.range;
  delete req.headers["if-range"];
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
