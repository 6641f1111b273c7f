// The public origin the front door decided for a request (ARENA_PUBLIC_URL, a trusted proxy's forwarded host and
// scheme, or the Host header: lib/http/front-door.mjs), for whatever builds absolute URLs.
import { FRONT_DOOR_HEADER, frontDoorToken, ORIGIN_HEADER } from "./front-door.mjs";

/** The origin the front door stamped on this request, believed only with this process's token. */
export function stampedOrigin(request: Request): string | null {
  const token = frontDoorToken();
  if (!token || request.headers.get(FRONT_DOOR_HEADER) !== token) return null;
  return request.headers.get(ORIGIN_HEADER);
}
