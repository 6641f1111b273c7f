// lib/auth without Auth.js: accounts, invitations, API tokens, OAuth switches — usable from the CLI and tests too.
// What needs a Next.js request (the session, role guards, Auth.js' handlers) is in ./session.
export { createApiToken, listApiTokens, revokeApiToken } from "./api-tokens";
export { oauthProviders } from "./oauth";
export { requireResearcherRequest } from "./researcher";
export { safeReturnPath } from "./return-path";
export type { AccountUser, Role } from "./users";
export { acceptInvite, findInvite, inviteUser, listUsers, ROLES, setRole } from "./users";
