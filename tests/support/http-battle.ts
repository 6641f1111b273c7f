// A visitor's battle over HTTP, as the page makes it: terms, a picture and a question, both answers streamed, a
// vote for A. For tests and scripts that drive a running instance (or two: opened on one, voted on another).
import { solidPng } from "./battles";

export interface HttpBattle {
  id: string;
  cookie: string;
  answerChars: { a: number; b: number };
  revealed: { a: string; b: string };
}

/** Throws with the status and body of the first step that fails. */
export async function httpBattle(options: { open: string; vote?: string; cookie?: string }): Promise<HttpBattle> {
  const { open, vote = open } = options;
  let cookie = options.cookie;
  if (!cookie) {
    const terms = await fetch(`${open}/api/visitor`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    if (!terms.ok) throw new Error(`accepting the terms: HTTP ${terms.status}`);
    cookie = (terms.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
  }
  const form = new FormData();
  form.set("prompt", "What colour is this picture?");
  const png = await solidPng("#1f77b4", 64, 48);
  form.append("images", new Blob([new Uint8Array(png)], { type: "image/png" }), "blue.png");
  const opened = await fetch(`${open}/api/conversations`, { method: "POST", body: form, headers: { cookie } });
  if (opened.status !== 201) throw new Error(`opening the battle: HTTP ${opened.status} ${await opened.text()}`);
  const { id } = (await opened.json()) as { id: string };
  const turn = await fetch(`${open}/api/conversations/${id}/turn`, {
    method: "POST",
    headers: { cookie, "content-type": "application/json" },
    body: "{}",
  });
  const stream = await turn.text();
  const events = stream
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { type: string; side?: string; text?: string });
  const answers: Record<string, string> = { a: "", b: "" };
  for (const e of events) if (e.type === "delta" && e.side) answers[e.side] += e.text ?? "";
  if (turn.status !== 200 || !events.some((e) => e.type === "end") || !answers.a || !answers.b) {
    throw new Error(`the answers did not stream (HTTP ${turn.status}): ${stream.slice(0, 300)}`);
  }
  const voted = await fetch(`${vote}/api/conversations/${id}/vote`, {
    method: "POST",
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify({ winner: "model_a" }),
  });
  if (voted.status !== 201) throw new Error(`voting: HTTP ${voted.status} ${await voted.text()}`);
  const result = (await voted.json()) as { models: { a: { displayName: string }; b: { displayName: string } } };
  return {
    id,
    cookie,
    answerChars: { a: answers.a?.length ?? 0, b: answers.b?.length ?? 0 },
    revealed: { a: result.models.a.displayName, b: result.models.b.displayName },
  };
}
