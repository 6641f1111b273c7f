// Optional redaction of personal details in exported text (VisionArena §3.1): e-mail addresses, phone numbers,
// ID-like numbers (US social security numbers, payment card numbers that pass the Luhn check, IBANs), street
// addresses, and personal names (compromise's people tagger, which runs on rules and a lexicon shipped in its npm
// package). What ran is stated in the datasheet (REDACTION_NOTE).
import nlp from "compromise";
import { chunks } from "../text";

/**
 * Redacted exports carry at most this much of one message: names are found in linear time (lib/text), but a
 * multi-megabyte answer would still hold an export for many seconds. The rest is cut and marked.
 */
export const MAX_REDACTED_CHARS = 100_000;
export const TRUNCATED_MARK = " [truncated]";

// starts only where a run of address characters starts: unanchored, every position inside a long run without an
// "@" was tried again (a 40,000-letter word took 2.4 s; 200,000 took a minute); anchored, each run is read once
const EMAIL = /(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
// international or local numbers of 7+ digits with the usual separators; not years, prices or plain counts
const PHONE = /(?<![\w.])(?:\+\d{1,3}[\s.-]?)?(?:\(\d{1,4}\)[\s.-]?)?\d{2,4}(?:[\s.-]\d{2,4}){1,4}(?![\w.])/g;
const DATE = /^\d{4}[-.]\d{2}[-.]\d{2}$/;
const SSN = /\b\d{3}-\d{2}-\d{4}\b/g;
const CARD = /(?<![\w.])\d(?:[ -]?\d){12,18}(?![\w.])/g;
const IBAN = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b/g;
const STREET =
  /\b\d{1,5}[A-Za-z]?\s+(?:[A-Z][\p{L}'-]+\s+){1,3}(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Court|Ct|Way|Place|Pl|Terrace|Square|Sq|Parkway|Pkwy|Highway|Hwy)\b\.?/gu;

export const REDACTION_NOTE =
  "E-mail addresses, phone numbers, ID-like numbers (US social security numbers, payment card numbers passing the " +
  "Luhn check, IBANs), street addresses and personal names (compromise's people tagger) in the text were replaced " +
  "by [email], [phone], [id], [address] and [name]. A message longer than 100,000 characters is cut there, marked " +
  "[truncated].";

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function redactContacts(text: string): string {
  return text.replace(EMAIL, "[email]").replace(PHONE, (match) => {
    const digits = match.replace(/\D/g, "").length;
    return digits >= 7 && digits <= 15 && !DATE.test(match) ? "[phone]" : match;
  });
}

export function redactIdentifiers(text: string): string {
  return text
    .replace(SSN, "[id]")
    .replace(IBAN, "[id]")
    .replace(CARD, (match) => {
      const digits = match.replace(/\D/g, "");
      return digits.length >= 13 && digits.length <= 19 && luhn(digits) ? "[id]" : match;
    });
}

export const redactAddresses = (text: string): string => text.replace(STREET, "[address]");

/** Personal names as compromise tags them (first and last names, honorifics included), piece by piece. */
export function redactNames(text: string): string {
  return chunks(text).map(redactNamesInPiece).join("");
}

function redactNamesInPiece(text: string): string {
  const people = nlp(text).people();
  if (!people.found) return text;
  // replaced by the terms' own offsets, so punctuation after a name stays where it was
  const spans = (people.out("offset") as { terms: { offset: { start: number; length: number } }[] }[])
    .map(({ terms }) => {
      const first = terms[0]?.offset;
      const last = terms[terms.length - 1]?.offset;
      return first && last ? { start: first.start, end: last.start + last.length } : null;
    })
    .filter((span): span is { start: number; end: number } => span !== null)
    .sort((a, b) => b.start - a.start);
  let out = text;
  for (const { start, end } of spans) out = `${out.slice(0, start)}[name]${out.slice(end)}`;
  return out;
}

/** Everything at once, most specific first (an e-mail holds a name; a card number looks like a phone). */
export const redactPersonal = (text: string): string => {
  const kept = text.length > MAX_REDACTED_CHARS ? text.slice(0, MAX_REDACTED_CHARS) : text;
  const redacted = redactNames(redactAddresses(redactContacts(redactIdentifiers(kept))));
  return kept === text ? redacted : `${redacted}${TRUNCATED_MARK}`;
};
