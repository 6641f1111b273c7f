// Route handler plumbing: typed errors out as { error: { code, message } } with the right status, bodies in
// through zod.
import type { z } from "zod";
import { ApiError, errorResponse } from "./errors";

export async function readJson<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw new ApiError(400, "invalid_json", "the request body is not valid JSON");
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
    throw new ApiError(400, "invalid_request", `${where}${issue?.message ?? "invalid request"}`);
  }
  return parsed.data;
}

/** Runs a handler; known errors become their response, anything else a 500 without internals. */
export async function handle(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError) {
      const headers = error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : undefined;
      return errorResponse(error.status, error.code, error.message, headers);
    }
    console.error("unexpected error in a route:", error instanceof Error ? error.message : error);
    return errorResponse(500, "internal_error", "something went wrong on our side; please try again");
  }
}
