// Optional redaction of contact details in exported text: e-mail addresses and phone numbers.
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
// international or local numbers of 7+ digits with the usual separators; not years, prices or plain counts
const PHONE = /(?<![\w.])(?:\+\d{1,3}[\s.-]?)?(?:\(\d{1,4}\)[\s.-]?)?\d{2,4}(?:[\s.-]\d{2,4}){1,4}(?![\w.])/g;
const DATE = /^\d{4}[-.]\d{2}[-.]\d{2}$/;

export function redactContacts(text: string): string {
  return text.replace(EMAIL, "[email]").replace(PHONE, (match) => {
    const digits = match.replace(/\D/g, "").length;
    return digits >= 7 && digits <= 15 && !DATE.test(match) ? "[phone]" : match;
  });
}
