// Text PostgreSQL can store: no U+0000 and no lone UTF-16 surrogate (half of a pair is not a character; it
// arrives as a replacement character or fails the encoding). Inputs are refused when they hold either (lib/http);
// what models send is cleaned instead.

export const withoutNul = (text: string) => (text.includes("\u0000") ? text.replaceAll("\u0000", "") : text);

/** `text` as it can be stored: NULs dropped, lone surrogates replaced by U+FFFD. */
export const storableText = (text: string) => withoutNul(text).toWellFormed();

/** Whether `text` can be stored as it is. */
export const isStorableText = (text: string) => !text.includes("\u0000") && text.isWellFormed();
