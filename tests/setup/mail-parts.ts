// The text and HTML parts of a message as the SMTP receiver got it (multipart/alternative from nodemailer), decoded
// from quoted-printable or base64 as UTF-8, so a test reads what a mail program would show.
import type { ReceivedMail } from "./smtp-receiver.ts";

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const text = body.replace(/=\r?\n/g, "");
  for (let i = 0; i < text.length; i++) {
    const hex = text[i] === "=" ? /^[0-9A-F]{2}/i.exec(text.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i]!, "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

function headerOf(head: string, name: string): string {
  return new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, "im").exec(head)?.[1]?.replace(/\r?\n[ \t]+/g, " ").trim() ?? "";
}

/** The message's `text/plain` and `text/html` parts, decoded; a part the message lacks is undefined. */
export function mailParts(mail: ReceivedMail): { text: string | undefined; html: string | undefined } {
  const [head = "", ...rest] = mail.raw.split(/\r?\n\r?\n/);
  const body = rest.join("\r\n\r\n");
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headerOf(head, "Content-Type"))?.[1];
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1) : [`${head}\r\n\r\n${body}`];
  const found: { text: string | undefined; html: string | undefined } = { text: undefined, html: undefined };
  for (const part of parts) {
    const split = part.replace(/^\r?\n/, "").search(/\r?\n\r?\n/);
    const trimmed = part.replace(/^\r?\n/, "");
    const partHead = trimmed.slice(0, split);
    const partBody = trimmed.slice(split).replace(/^\r?\n\r?\n/, "").replace(/\r?\n$/, "");
    const encoding = headerOf(partHead, "Content-Transfer-Encoding").toLowerCase();
    const decoded = encoding === "base64" ? Buffer.from(partBody.replace(/\s+/g, ""), "base64").toString("utf8") : encoding === "quoted-printable" ? decodeQuotedPrintable(partBody) : partBody;
    const type = headerOf(partHead, "Content-Type").toLowerCase();
    if (type.startsWith("text/plain")) found.text = decoded.replace(/\r\n/g, "\n");
    else if (type.startsWith("text/html")) found.html = decoded.replace(/\r\n/g, "\n");
  }
  return found;
}
