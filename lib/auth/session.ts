// The part of lib/auth bound to a Next.js request: Auth.js' handlers and sign-in actions, and the role guards
// that read the session. Imported by app/ only (a second entry beside index.ts, allowed by biome.json).
export { handlers, signIn, signOut } from "./auth";
export { pageRequiresRole, requireRole, signedInUser } from "./guard";
export { atPublicOrigin } from "./public-origin";
export { signInWithPassword, signInWithProvider, signOutAction } from "./sign-in-actions";
export { type StaffRequest, staffRoute } from "./staff-route";
