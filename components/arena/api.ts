// The browser side of the arena API.
import type { AnswerSide, TurnEvent } from "@/lib/arena";

export type Side = AnswerSide;
export type { TurnEvent };
export type Winner = "model_a" | "model_b" | "tie" | "tie (bothbad)";

export interface ModelInfo {
  id: string;
  displayName: string;
  organization: string | null;
  license?: string | null;
  isDemo: boolean;
  vision?: boolean;
  /** after a vote: the current overall Arena Score, or null before the model is on the board */
  rating?: number | null;
}

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

async function failure(response: Response): Promise<ApiFailure> {
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

/** Streams a turn's NDJSON events to `onEvent`. */
export async function streamTurn(
  id: string,
  body: { sides?: Side[]; regenerate?: boolean },
  onEvent: (event: TurnEvent) => void,
) {
  const response = await fetch(`/api/conversations/${id}/turn`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok || !response.body) throw await failure(response);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let newline = buffer.indexOf("\n");
    while (newline !== -1) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      if (line) onEvent(JSON.parse(line) as TurnEvent);
      newline = buffer.indexOf("\n");
    }
  }
}
