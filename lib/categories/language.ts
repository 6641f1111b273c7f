// The language of a prompt, as a name like FastChat's ("English", "Chinese"), or "unknown" for text too short
// or too mixed to tell.
import { detect } from "tinyld";

const names = new Intl.DisplayNames(["en"], { type: "language" });

export function detectLanguage(text: string): string {
  const letters = text.replace(/[\s\d\p{P}\p{S}]/gu, "");
  if (letters.length < 3) return "unknown";
  const code = detect(text);
  if (!code) return "unknown";
  try {
    return names.of(code) ?? "unknown";
  } catch {
    return "unknown";
  }
}
