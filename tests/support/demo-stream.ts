// A demo model's whole answer to `turns`, as the arena streams it (no delay between words): the deltas, their text
// and how the stream ended. The demo models' tests read answers through here.
import { streamChat } from "../../lib/providers";
import type { ChatTurn, ModelTarget, StreamEnd } from "../../lib/providers/types";

export async function demoAnswer(style: string, turns: ChatTurn[]) {
  process.env.DEMO_TOKEN_DELAY_MS = "0";
  const target: ModelTarget = {
    id: style,
    providerType: "demo",
    baseURL: null,
    apiKeyEnv: null,
    providerModelId: style,
  };
  const stream = streamChat(target, turns);
  const deltas: string[] = [];
  let next = await stream.next();
  while (!next.done) {
    deltas.push(next.value);
    next = await stream.next();
  }
  return { text: deltas.join(""), deltas, end: next.value as StreamEnd };
}
