// Route handler plumbing: typed errors out as { error: { code, message } } with the right status, bodies in
// through zod, within a size limit and free of NUL characters.
import type { z } from "zod";
import { isDatabaseUnavailable } from "../db/unavailable";
import { type DomainError, type ErrorKind, InvalidInput, kindOf } from "../errors";
import { JSON_BODY_LIMIT, readBodyLimited, rejectNul } from "./body";
import { errorResponse } from "./errors";

export async function readJson<T extends z.ZodType>(
  request: Request,
  schema: T,
  limit = JSON_BODY_LIMIT,
): Promise<z.infer<T>> {
  const bytes = await readBodyLimited(request, limit);
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw new InvalidInput("invalid_json", "the request body is not valid JSON");
  }
  rejectNul(body);
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
    throw new InvalidInput("invalid_request", `${where}${issue?.message ?? "invalid request"}`);
  }
  return parsed.data;
}

/** Seconds a client should wait before trying again while the database is away. */
const DATABASE_RETRY_AFTER_S = 5;

/** The status each kind of domain error (lib/errors) is answered with. */
export const KIND_STATUS: Record<ErrorKind, number> = {
  usage: 400,
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media: 415,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  upstream: 502,
  unavailable: 503,
};

/** The response for an error thrown by a handler: domain errors by their kind, anything else a 500 without internals. */
export function errorToResponse(error: unknown): Response {
  const kind = kindOf(error);
  // internal failures keep their message for the operator's log, never for the person
  if (kind && kind !== "internal") {
    const { code, message, retryAfterSeconds } = error as DomainError;
    const headers = retryAfterSeconds ? { "Retry-After": String(retryAfterSeconds) } : undefined;
    return errorResponse(KIND_STATUS[kind], code, message, headers);
  }
  if (isDatabaseUnavailable(error)) {
    return errorResponse(
      503,
      "database_unavailable",
      "the arena cannot reach its database right now; please try again in a moment",
      { "Retry-After": String(DATABASE_RETRY_AFTER_S) },
    );
  }
  const described =
    error instanceof Error
      ? `${error.name}${(error as { code?: unknown }).code ? ` ${(error as { code?: unknown }).code}` : ""}: ${error.message}`
      : String(error);
  const meta = (error as { meta?: unknown })?.meta;
  console.error("unexpected error in a route:", described, meta ? JSON.stringify(meta).slice(0, 300) : "");
  return errorResponse(500, "internal_error", "something went wrong on our side; please try again");
}

/** Runs a handler; known errors become their response, anything else a 500 without internals. */
export async function handle(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    return errorToResponse(error);
  }
}
