import { handlers } from "@/lib/auth/session";
import { authErrorShape } from "@/lib/http";

// Auth.js answers an unknown action or a malformed request with a bare "Bad request." text: reshape its errors.
export const GET = authErrorShape(handlers.GET);
export const POST = authErrorShape(handlers.POST);
