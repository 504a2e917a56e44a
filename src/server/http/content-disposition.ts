// `Content-Disposition: attachment` naming the original file (RFC 6266): a plain ASCII `filename` for old clients and
// the exact name as UTF-8 in `filename*` (RFC 5987/8187), so "Procès-verbal 2026.pdf" arrives as itself.

/** Characters RFC 5987's attr-char allows unescaped; encodeURIComponent also leaves ' ( ) * which it does not. */
const encodeAttr = (value: string) => encodeURIComponent(value).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);

export function attachmentDisposition(fileName: string): string {
  const name = [...fileName].filter((ch) => ch >= " " && ch !== "\u007f").join("").trim() || "download";
  // Quoted-string: no quote, backslash or non-ASCII; those become "_" in the fallback only.
  const fallback = name.replace(/[^\u0020-\u007e]|["\\%]/g, "_");
  return fallback === name ? `attachment; filename="${name}"` : `attachment; filename="${fallback}"; filename*=UTF-8''${encodeAttr(name)}`;
}
