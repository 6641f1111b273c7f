// Route handler plumbing: typed errors out as { error: { code, message } } with the right status, bodies in
// through zod, within a size limit and free of NUL characters.
import type { z } from "zod";
import { isDatabaseUnavailable } from "../db/unavailable";
import { type DomainError, type ErrorKind, InvalidInput, kindOf } from "../errors";
import { JSON_BODY_LIMIT, readBodyLimited, rejectNul, searchParams } from "./body";
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
    const where = issue?.path.length ? `${fieldLabel(issue.path)}: ` : "";
    throw new InvalidInput("invalid_request", `${where}${issue?.message ?? "invalid request"}`);
  }
  return parsed.data;
}

/** The query string through a zod schema (one value per name), refused as readJson refuses a body. */
export function readQuery<T extends z.ZodType>(request: Request, schema: T): z.infer<T> {
  const parsed = schema.safeParse(Object.fromEntries(searchParams(request)));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${fieldLabel(issue.path)}: ` : "";
    throw new InvalidInput("invalid_query", `${where}${issue?.message ?? "invalid query"}`);
  }
  return parsed.data;
}

/** What a form calls the fields the console sends, so an error names the field a person sees, not its code. */
const FIELD_LABELS: Record<string, string> = {
  apiKeyEnv: "Key variable",
  baseURL: "Base URL",
  providerId: "Provider",
  providerModelId: "Provider's model name",
  displayName: "Display name",
  battleTargets: "Battle targets",
  priceInputPerMTok: "Input price per million tokens",
  priceOutputPerMTok: "Output price per million tokens",
  maxAnswerChars: "Longest answer",
  paramRules: "Parameter rules",
};

/** A zod issue's path as words: a known field's label, else the camel-cased name spelt out ("rateLimit" → "rate limit"). */
export function fieldLabel(path: readonly PropertyKey[]): string {
  return path
    .map((part) =>
      typeof part === "number"
        ? `#${part + 1}`
        : (FIELD_LABELS[String(part)] ??
          String(part)
            .replace(/([a-z])([A-Z])/g, "$1 $2")
            .toLowerCase()),
    )
    .join(" › ");
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
