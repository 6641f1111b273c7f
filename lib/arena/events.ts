// The events a streamed turn sends to the browser, one JSON object per line. Shared by server and client.
export type AnswerSide = "a" | "b";

export type TurnEvent =
  | { type: "start"; side: AnswerSide; turn: number }
  | { type: "delta"; side: AnswerSide; text: string }
  /** the model is thinking before it answers: what it thinks is never sent before the vote */
  | { type: "thinking"; side: AnswerSide }
  | { type: "done"; side: AnswerSide; finishReason: string }
  /** retryable: false when Retry cannot help (the model refused the request itself); absent means it may */
  | { type: "error"; side: AnswerSide; code: string; message: string; retryable?: boolean }
  | { type: "end" };
