import { errorResponse } from "@/lib/http";

// Any /api address no route claims: the error shape, never Next's HTML 404 page.
const notFound = (request: Request) =>
  errorResponse(404, "not_found", `no API route at ${new URL(request.url).pathname}`);

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
