import { atPublicOrigin, handlers } from "@/lib/auth/session";
import { authErrorShape } from "@/lib/http";

// Auth.js answers an unknown action or a malformed request with a bare "Bad request." text: reshape its errors.
// It sees the request at the arena's public origin, so callbacks and redirects name it (not localhost:PORT).
export const GET = authErrorShape(atPublicOrigin(handlers.GET));
export const POST = authErrorShape(atPublicOrigin(handlers.POST));
