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

/** A UTF-16 half of a pair without its other half: no character, and no encoding can store it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Any text as it may be stored: without NUL (which PostgreSQL cannot hold and no text needs) and with each lone
 * surrogate replaced by U+FFFD, as an encoder would. Every other character, line breaks included, stays.
 */
export function storableText(text: string): string {
  return text.replaceAll("\u0000", "").replace(LONE_SURROGATE, "\ufffd");
}

/** Every string inside a parsed value made storable, in place (object keys are left as they are). */
export function makeStorable<T>(value: T): T {
  // A loop rather than recursion: a client may nest a body deeper than the call stack goes.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (current === null || typeof current !== "object") continue;
    const record = current as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const item = record[key];
      if (typeof item === "string") record[key] = storableText(item);
      else if (item !== null && typeof item === "object") pending.push(item);
    }
  }
  return value;
}

const ASCII = /^[\p{ASCII}]*$/u;

/** "Café CRÈME" → "cafe creme": lowercase, accents removed, as search compares text. */
export function fold(text: string): string {
  // Plain ASCII has nothing to decompose: the common case skips normalizing.
  return ASCII.test(text) ? text.toLowerCase() : text.normalize("NFKD").replace(/\p{M}+/gu, "").toLowerCase();
}
