// The routes the front door answers itself, outside Next (lib/http/direct-routes.ts), in one list: the build reads it
// (scripts/build-direct-routes.mjs compiles these route modules ahead of time), the container's runtime files carry
// these sources (scripts/runtime-files.mjs: the build is found by their fingerprint), and tests/unit/boundaries.test.ts
// holds every route module under them, and everything it imports of ours, to importing nothing of Next. A route
// added here is answered directly in production (`npm start`); `npm run dev` and ARENA_DIRECT_ROUTES=0 leave every
// route to Next. docs/architecture.md ("Which routes run where") says why each is here. Plain ESM: the build
// script reads it without a compiler.

/** @type {readonly { source: string; why: string }[]} */
export const DIRECT_ROUTES = [
  {
    source: "app/api/conversations",
    why: "a battle's opening, its streamed answers and its vote: Next's request path cost ~3 ms of CPU a request, more than the vote's whole budget (1.2 ms)",
  },
  {
    source: "app/api/leaderboard/route.ts",
    why: "polled by many clients; its first read after a start otherwise waited for Next to load its module (27–49 ms idle, up to 0.5 s behind a burst of uploads)",
  },
];

/** The sources alone (folders hold route modules below them; a file is one route module). */
export const DIRECT_ROUTE_SOURCES = DIRECT_ROUTES.map((route) => route.source);
