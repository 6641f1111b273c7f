// JSON calls from the console to its API routes; an error answer becomes an Error with the server's message.
export async function callApi<T = unknown>(url: string, method = "GET", body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? undefined : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    throw new Error(data?.error?.message ?? `the server answered HTTP ${response.status}`);
  }
  return data as T;
}
