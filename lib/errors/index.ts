// What lib/ throws when it refuses a request: a kind (what went wrong, in the domain's words), a stable code for
// programs and a message for the person. lib/ knows nothing of HTTP; lib/http alone turns a kind into a status.

export type RefusalKind =
  | "invalid"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "too_large"
  | "unsupported_media"
  | "unprocessable"
  | "rate_limited"
  | "unavailable";

export class Refusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    readonly code: string,
    message: string,
    /** when trying again makes sense: after how many seconds */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "Refusal";
  }
}

/** The input cannot be used as given (a bad field, a missing image, too many images). */
export class InvalidInput extends Refusal {
  constructor(code: string, message: string) {
    super("invalid", code, message);
  }
}

/** Nobody is signed in, or the credentials are not valid. */
export class Unauthenticated extends Refusal {
  constructor(code: string, message: string) {
    super("unauthenticated", code, message);
  }
}

/** Signed in, but not allowed to do this. */
export class Forbidden extends Refusal {
  constructor(code: string, message: string) {
    super("forbidden", code, message);
  }
}

export class NotFound extends Refusal {
  constructor(code: string, message: string) {
    super("not_found", code, message);
  }
}

/** The request clashes with the state of things (already voted, a turn still streaming, a duplicate). */
export class Conflict extends Refusal {
  constructor(code: string, message: string) {
    super("conflict", code, message);
  }
}

export class TooLarge extends Refusal {
  constructor(code: string, message: string) {
    super("too_large", code, message);
  }
}

/** Well-formed but refused on its content (a flagged prompt). */
export class Unprocessable extends Refusal {
  constructor(code: string, message: string) {
    super("unprocessable", code, message);
  }
}

export class RateLimited extends Refusal {
  constructor(code: string, message: string, retryAfterSeconds: number) {
    super("rate_limited", code, message, retryAfterSeconds);
  }
}

/** Something the arena depends on is away for now. */
export class Unavailable extends Refusal {
  constructor(code: string, message: string, retryAfterSeconds?: number) {
    super("unavailable", code, message, retryAfterSeconds);
  }
}
