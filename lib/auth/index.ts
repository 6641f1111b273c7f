// lib/auth: what app/ and components/ may use (deep imports are refused by biome.json).
export { createApiToken, listApiTokens, revokeApiToken } from "./api-tokens";
export { handlers, signIn, signOut } from "./auth";
export { pageRequiresRole, requireRole, signedInUser } from "./guard";
export { oauthProviders } from "./oauth";
export { requireResearcherRequest } from "./researcher";
export { acceptInvite, findInvite, inviteUser, listUsers, ROLES, setRole } from "./users";
