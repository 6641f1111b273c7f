// Auth.js's own error answers (plain text such as "Bad request.") in the arena's error shape. Redirects, pages
// and answers already in the error shape pass through untouched.
import type { NextRequest } from "next/server";
import { rejectNul } from "./body";
import { errorResponse } from "./errors";
import { errorToResponse } from "./route";

type AuthHandler = (request: NextRequest) => Promise<Response>;

const CODES: Record<number, string> = { 400: "bad_request", 404: "not_found", 405: "method_not_allowed" };

export function authErrorShape(handler: AuthHandler): AuthHandler {
  return async (request) => {
    try {
      for (const value of new URL(request.url).searchParams.values()) rejectNul(value, "a query parameter");
      // a sign-in form's fields reach the database (the e-mail): the same text rules as every JSON body; the
      // front door has already capped the body's size
      if ((request.headers.get("content-type") ?? "").startsWith("application/x-www-form-urlencoded")) {
        const fields = new URLSearchParams(await request.clone().text());
        for (const [key, value] of fields) rejectNul(value, key);
      }
      const response = await handler(request);
      if (response.status < 400 || (response.headers.get("content-type") ?? "").includes("html")) return response;
      const text = (await response.clone().text()).trim();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // plain text
      }
      const shaped = (parsed as { error?: { code?: unknown } } | null)?.error?.code;
      if (typeof shaped === "string") return response;
      const code = CODES[response.status] ?? (response.status >= 500 ? "internal_error" : "auth_error");
      const message = typeof parsed === "string" && parsed ? parsed : "the sign-in request could not be handled";
      return errorResponse(response.status, code, message);
    } catch (error) {
      return errorToResponse(error);
    }
  };
}
