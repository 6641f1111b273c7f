// IsoBench-Eval's own parser (models.py _parse_choice), as the published result files were made: the prompt it asks
// gpt-3.5-turbo word for word, its simple fallback parse, and which choice it keeps from the model's answer. Our rule
// reading (./isobench-choice) falls back on the same simple parse where an answer names no option.
import { pyRepr } from "./python";

/** IsoBench-Eval's chess choices: a move and "no-move" (its _parse_choice tells them apart this way). */
const isChessChoices = (choices: string[]) =>
  choices.length === 2 && choices.includes("no-move") && choices.some((c) => c.length >= 4 && c !== "no-move");

/**
 * What IsoBench-Eval's parser (models.py _parse_choice) asks gpt-3.5-turbo, word for word: the chess prompt for a
 * move against "no-move", the multiple-choice prompt otherwise; `choices` printed as Python prints a list.
 */
export function isoBenchEvalParsePrompt(response: string, choices: string[]): string {
  const list = `[${choices.map((c) => pyRepr(c)).join(", ")}]`;
  if (isChessChoices(choices))
    return `You are a chess move parser. Given a model's response to a chess puzzle, extract the chess move.

Model Response: "${response}"

Available Choices: ${list}

Your task:
1. Look for chess moves in Algebraic Coordinate Notation (e.g., "d2d1", "e5a1", "c4f4") in the response
2. If you find a chess move, select it
3. If no valid chess move is found or mentioned, select "no-move"

Respond with valid JSON in this exact format:
{
    "answer": "<exact_choice_value>",
    "reasoning": "<brief explanation of how you identified the chess move>"
}

The answer must be one of these exact values: ${list}`;
  return `You are a response parser. Given a model's response to a multiple choice question, extract the answer and reasoning.

Model Response: "${response}"

Available Choices: ${list}

Your task:
1. Determine which choice the model selected from the available options
2. Parse the response to extract the model's reasoning behind the choice. You can copy the reasoning directly from the response.

Respond with valid JSON in this exact format:
{
    "answer": "<exact_choice_value>",
    "reasoning": "<brief explanation of how the model determined the choice>"
}

The answer must be one of these exact values: ${list}`;
}

/** _fallback_parse_choice: IsoBench-Eval's reading when its parser's answer is not JSON. */
export function isoBenchEvalFallback(response: string, choices: string[]): string {
  const upper = response.toUpperCase().trim();
  const lower = response.toLowerCase().trim();
  if (isChessChoices(choices)) {
    const move = choices.find((c) => c !== "no-move");
    if (move) {
      for (const m of lower.matchAll(/[a-h][1-8][a-h][1-8]/g)) if (m[0] === move.toLowerCase()) return move;
      if (lower.includes(move.toLowerCase())) return move;
    }
    return "no-move";
  }
  for (const choice of choices) if (lower.includes(choice.toLowerCase())) return choice;
  for (const [i, letter] of ["A", "B", "C", "D"].slice(0, choices.length).entries())
    if (upper.includes(letter)) return choices[i] as string;
  for (let i = 0; i < choices.length; i++) if (response.includes(String(i))) return choices[i] as string;
  return choices[0] as string;
}

/** The choice IsoBench-Eval keeps from its parser's answer: the JSON's answer when valid, else its first choice. */
export function isoBenchEvalParsed(judgeAnswer: string, response: string, choices: string[]): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(judgeAnswer.trim());
  } catch {
    return isoBenchEvalFallback(response, choices);
  }
  // parsed.get(…) on a list or a number raises, and its caller falls back to the simple parse
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return isoBenchEvalFallback(response, choices);
  const answer = "answer" in parsed ? (parsed as { answer: unknown }).answer : choices[0];
  // its check passes anything when "no-move" is a choice
  if ((typeof answer === "string" && choices.includes(answer)) || choices.includes("no-move")) return String(answer);
  return choices[0] as string;
}
