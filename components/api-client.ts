// The browser's one way to call the arena's API: JSON in and out, and an error answer ({error: {code, message}})
// turned into an ApiFailure carrying the status, code, message and Retry-After. Used by the arena and the console.

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

export async function failure(response: Response): Promise<ApiFailure> {
  let code = "error";
  let message = `the server answered ${response.status}`;
  try {
    const body = await response.json();
    code = body?.error?.code ?? code;
    message = body?.error?.message ?? message;
  } catch {
    // not JSON: keep the generic message
  }
  const retry = Number(response.headers.get("retry-after"));
  return new ApiFailure(response.status, code, message, Number.isFinite(retry) && retry > 0 ? retry : undefined);
}

export async function call<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  if (!response.ok) throw await failure(response);
  return (await response.json()) as T;
}

export const postJson = <T>(url: string, body: unknown) =>
  call<T>(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

/** The console's calls: a method and an optional JSON body. */
export function callApi<T = unknown>(url: string, method = "GET", body?: unknown): Promise<T> {
  return call<T>(url, {
    method,
    headers: body === undefined ? undefined : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
