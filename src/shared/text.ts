// Cleaning of single-line text people type (names, titles), shared by every schema that takes one.

/**
 * C0 and C1 control characters (NUL, line breaks and tabs included) and the bidirectional embedding, override and
 * isolate characters, which can make a name read backwards or hide part of it.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
const UNWANTED = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** The text with those characters taken out; line breaks and tabs become spaces, so words stay apart. */
export function singleLine(text: string): string {
  return text.replace(/[\t\n\r\u2028\u2029]+/g, " ").replace(UNWANTED, "");
}
