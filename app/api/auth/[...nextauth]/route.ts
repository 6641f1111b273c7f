import { handlers } from "@/lib/auth/auth";
import { authErrorShape } from "@/lib/http/auth-errors";

// Auth.js answers an unknown action or a malformed request with a bare "Bad request." text: reshape its errors.
export const GET = authErrorShape(handlers.GET);
export const POST = authErrorShape(handlers.POST);
