// Every route answers errors in one shape: { "error": { "code", "message" } }.
export function errorBody(code: string, message: string) {
  return { error: { code, message } };
}

export function errorResponse(status: number, code: string, message: string, headers?: HeadersInit): Response {
  return Response.json(errorBody(code, message), { status, headers });
}
