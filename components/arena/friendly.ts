// What a visitor reads when a request fails: the server's own words, with how long to wait after a rate limit.
import { ApiFailure } from "./api";

export function friendly(error: unknown): string {
  if (error instanceof ApiFailure) {
    if (error.status === 429) {
      const wait = error.retryAfter
        ? ` Try again in ${error.retryAfter < 120 ? `${error.retryAfter} seconds` : `${Math.ceil(error.retryAfter / 60)} minutes`}.`
        : "";
      return `${error.message}${wait}`;
    }
    return error.message;
  }
  return "The connection was interrupted. Please try again.";
}
