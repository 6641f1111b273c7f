// The language of a prompt, as a name like FastChat's ("English", "Chinese"), or "unknown" for text too short
// or too mixed to tell.
import { detect } from "tinyld";

const names = new Intl.DisplayNames(["en"], { type: "language" });

export function detectLanguage(text: string): string {
  const letters = text.replace(/[\s\d\p{P}\p{S}]/gu, "");
  // Short texts get confident wrong answers ("Describe" → Romanian): ask for three words of alphabetic script,
  // or a few characters of a script without spaces (Chinese, Japanese, Thai).
  const spaceless = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u.test(letters);
  const words = text
    .trim()
    .split(/\s+/)
    .filter((w) => /\p{L}/u.test(w)).length;
  if (spaceless ? letters.length < 4 : words < 3 || letters.length < 8) return "unknown";
  const code = detect(text);
  if (!code) return "unknown";
  try {
    return names.of(code) ?? "unknown";
  } catch {
    return "unknown";
  }
}
