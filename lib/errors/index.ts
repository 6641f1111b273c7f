// The one family of errors lib/ throws: every one carries its kind (what went wrong, in the domain's words), a stable
// code for programs and a message for the person. lib/ knows nothing of HTTP; lib/http alone turns a kind into a
// status and the CLI into an exit code: both read the kind, never a class name (names are mangled by bundlers and
// renamed by people, and a rename must not turn a 400 into a 500).

export const ERROR_KINDS = [
  /** the command line was used wrongly (an unknown flag, a missing argument, an unknown category) */
  "usage",
  /** the input cannot be used as given (a bad field, a malformed file, a missing image) */
  "invalid",
  "unauthenticated",
  "forbidden",
  "not_found",
  /** the request clashes with the state of things (already voted, a turn still streaming, a duplicate) */
  "conflict",
  "too_large",
  "unsupported_media",
  /** well-formed but refused on its content (a flagged prompt) */
  "unprocessable",
  "rate_limited",
  /** something the arena depends on is away for now (the database, every model) */
  "unavailable",
  /** a model provider failed to answer */
  "upstream",
  /** the arena's own machinery failed (a rating worker, a migration): the message is for the operator */
  "internal",
] as const;

export type ErrorKind = (typeof ERROR_KINDS)[number];

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    message: string,
    /** when trying again makes sense: after how many seconds */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/**
 * A feature's own error class with a fixed kind and code: `export class RunNotFoundError extends
 * domainError("not_found", "unknown_run") {}`, thrown with a message alone.
 */
export function domainError(kind: ErrorKind, code: string) {
  return class extends DomainError {
    constructor(message: string) {
      super(kind, code, message);
    }
  };
}

/** A refusal of one kind, thrown with its code and message: `throw new NotFound("unknown_run", "no run 'x'")`. */
function refusal(kind: ErrorKind) {
  return class extends DomainError {
    constructor(code: string, message: string) {
      super(kind, code, message);
    }
  };
}

export class InvalidInput extends refusal("invalid") {}
/** Nobody is signed in, or the credentials are not valid. */
export class Unauthenticated extends refusal("unauthenticated") {}
/** Signed in, but not allowed to do this. */
export class Forbidden extends refusal("forbidden") {}
export class NotFound extends refusal("not_found") {}
export class Conflict extends refusal("conflict") {}
export class TooLarge extends refusal("too_large") {}
export class Unprocessable extends refusal("unprocessable") {}

export class RateLimited extends DomainError {
  constructor(code: string, message: string, retryAfterSeconds: number) {
    super("rate_limited", code, message, retryAfterSeconds);
  }
}

export class Unavailable extends DomainError {
  constructor(code: string, message: string, retryAfterSeconds?: number) {
    super("unavailable", code, message, retryAfterSeconds);
  }
}

/**
 * The kind of a thrown value: a DomainError's, or that of an error from a plain-JavaScript module that carries one by
 * hand (lib/config's ConfigError, which the front door loads without TypeScript). Undefined for anything else: a bug.
 */
export function kindOf(error: unknown): ErrorKind | undefined {
  if (error instanceof DomainError) return error.kind;
  const kind = error instanceof Error ? (error as { kind?: unknown }).kind : undefined;
  return (ERROR_KINDS as readonly unknown[]).includes(kind) ? (kind as ErrorKind) : undefined;
}
