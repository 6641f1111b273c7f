import { describe, expect, it } from "vitest";
import {
  MAX_REDACTED_CHARS,
  redactAddresses,
  redactContacts,
  redactIdentifiers,
  redactNames,
  redactPersonal,
  TRUNCATED_MARK,
} from "./redact";

describe("redaction", () => {
  // each redactor on what it hides and what it leaves: numbers that are not phones, digits that fail the Luhn check
  // (not a card), ordinary words
  it.each([
    [redactContacts, "write to jane.doe+x@example.co.uk today", "write to [email] today"],
    [redactContacts, "call +1 (555) 123-4567 or 030 1234 5678", "call [phone] or [phone]"],
    [redactContacts, "in 2024 it cost 1,299.00 for 3 items; see table 4.2", null],
    [redactContacts, "dates like 2024-11-22 stay", null],
    [redactIdentifiers, "SSN 123-45-6789 on file", "SSN [id] on file"],
    [redactIdentifiers, "card 4111 1111 1111 1111 expires", "card [id] expires"],
    [redactIdentifiers, "order 4111 1111 1111 1112", null],
    [redactIdentifiers, "pay to DE89 3704 0044 0532 0130 00 please", "pay to [id] please"],
    [redactAddresses, "I live at 221B Baker Street, London", "I live at [address], London"],
    [redactAddresses, "Walk 5 minutes down the road", null],
    [redactNames, "This is a photo of John Smith at the beach.", "This is a photo of [name] at the beach."],
    [redactNames, "What colour is the car in this picture?", null],
    [
      redactPersonal,
      "Dr. Jane Miller, jane@example.com, 12 Elm Street, card 4111111111111111",
      "[name], [email], [address], card [id]",
    ],
  ] as const)("%o: %j", (redact, text, redacted) => {
    expect(redact(text)).toBe(redacted ?? text);
  });

  it("stays linear on text without breaks, and cuts a message past the ceiling, marked", () => {
    // one 100,000-letter word took minutes before the e-mail pattern was anchored (the test's timeout guards it)
    const word = "ab".repeat(50_000);
    expect(redactPersonal(`${word} write to jane@example.com`)).toBe(
      `${word.slice(0, MAX_REDACTED_CHARS)}${TRUNCATED_MARK}`,
    );
    expect(redactPersonal(`mail jane@example.com ${word}`).startsWith("mail [email] abab")).toBe(true);
    expect(redactContacts(`${"x".repeat(40_000)}@example.com`)).toBe("[email]");
  });
});
