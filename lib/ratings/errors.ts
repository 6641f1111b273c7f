// lib/ratings imports nothing of the app (it is the part another project could lift whole), so its errors carry
// their kind and code by hand, in lib/errors' words: kindOf reads a kind from any Error, and lib/http and the CLI
// treat these as every other refusal (a 404 for a board with no battles, exit 2 for an unknown category).

/** The kinds lib/ratings throws: a subset of lib/errors' ERROR_KINDS (a test keeps them within it). */
export type RatingsErrorKind = "usage" | "not_found" | "internal";

export class RatingsError extends Error {
  constructor(
    readonly kind: RatingsErrorKind,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** A class of RatingsError with a fixed kind and code, thrown with a message alone. */
export function ratingsError(kind: RatingsErrorKind, code: string) {
  return class extends RatingsError {
    constructor(message: string) {
      super(kind, code, message);
    }
  };
}
