// Bound to Next.js (its NextRequest), so beside Auth.js in lib/auth, not in lib/http (whose direct routes run
// without Next). Auth.js builds every URL it sends a browser or a provider to (the OAuth callback, the redirect after sign-in)
// from the request's own URL, which behind Next's request adapter is the web process's localhost:PORT. Here the
// request reaches Auth.js at the origin the front door decided (ARENA_PUBLIC_URL, a trusted proxy's forwarded
// host and scheme, or the Host header; lib/http/front-door.mjs), as Auth.js's own AUTH_URL would make it.
import { NextRequest } from "next/server";
import { stampedOrigin } from "../http";

type Handler = (request: NextRequest) => Promise<Response>;

export function atPublicOrigin(handler: Handler): Handler {
  return (request) => {
    const origin = stampedOrigin(request.headers);
    const own = request.nextUrl.origin;
    if (!origin || origin === own) return handler(request);
    return handler(new NextRequest(request.nextUrl.href.replace(own, origin), request));
  };
}
