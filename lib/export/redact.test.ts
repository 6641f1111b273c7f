import { describe, expect, it } from "vitest";
import { redactContacts } from "./redact";

describe("contact redaction", () => {
  it("hides e-mail addresses and phone numbers, and leaves numbers that are not phones", () => {
    expect(redactContacts("write to jane.doe+x@example.co.uk today")).toBe("write to [email] today");
    expect(redactContacts("call +1 (555) 123-4567 or 030 1234 5678")).toBe("call [phone] or [phone]");
    expect(redactContacts("in 2024 it cost 1,299.00 for 3 items; see table 4.2")).toBe(
      "in 2024 it cost 1,299.00 for 3 items; see table 4.2",
    );
    expect(redactContacts("dates like 2024-11-22 stay")).toBe("dates like 2024-11-22 stay");
  });
});
