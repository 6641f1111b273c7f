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
  it("hides e-mail addresses and phone numbers, and leaves numbers that are not phones", () => {
    expect(redactContacts("write to jane.doe+x@example.co.uk today")).toBe("write to [email] today");
    expect(redactContacts("call +1 (555) 123-4567 or 030 1234 5678")).toBe("call [phone] or [phone]");
    expect(redactContacts("in 2024 it cost 1,299.00 for 3 items; see table 4.2")).toBe(
      "in 2024 it cost 1,299.00 for 3 items; see table 4.2",
    );
    expect(redactContacts("dates like 2024-11-22 stay")).toBe("dates like 2024-11-22 stay");
  });

  it("hides ID-like numbers: social security numbers, card numbers that pass Luhn, IBANs", () => {
    expect(redactIdentifiers("SSN 123-45-6789 on file")).toBe("SSN [id] on file");
    expect(redactIdentifiers("card 4111 1111 1111 1111 expires")).toBe("card [id] expires");
    // sixteen digits that fail the Luhn check are not a card
    expect(redactIdentifiers("order 4111 1111 1111 1112")).toBe("order 4111 1111 1111 1112");
    expect(redactIdentifiers("pay to DE89 3704 0044 0532 0130 00 please")).toBe("pay to [id] please");
  });

  it("hides street addresses and personal names, and leaves ordinary words", () => {
    expect(redactAddresses("I live at 221B Baker Street, London")).toBe("I live at [address], London");
    expect(redactAddresses("Walk 5 minutes down the road")).toBe("Walk 5 minutes down the road");
    expect(redactNames("This is a photo of John Smith at the beach.")).toBe("This is a photo of [name] at the beach.");
    expect(redactNames("What colour is the car in this picture?")).toBe("What colour is the car in this picture?");
    expect(redactPersonal("Dr. Jane Miller, jane@example.com, 12 Elm Street, card 4111111111111111")).toBe(
      "[name], [email], [address], card [id]",
    );
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
