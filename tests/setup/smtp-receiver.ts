// A real SMTP server on loopback (smtp-server) that keeps what it receives, each message read by mailparser as a mail
// program reads it, for tests that read the site's email.
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedAttachment {
  filename: string | undefined;
  contentType: string;
  /** The Content-Type's parameters (a calendar part's `method`, say). */
  params: Record<string, string>;
  content: Buffer;
}

export interface ReceivedMail {
  to: string[];
  raw: string;
  subject: string;
  /** The body with quoted-printable soft breaks and escapes undone, so links can be found whole. */
  text: string;
  /** The `text/plain` and `text/html` parts, decoded; a part the message lacks is undefined. */
  parts: { text: string | undefined; html: string | undefined };
  attachments: ReceivedAttachment[];
  /** The message's headers, names in lower case, values decoded. */
  headers: Map<string, unknown>;
}

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export interface SmtpReceiverOptions {
  /** Awaited before each message is taken: a test holds a sender in the middle of sending. */
  beforeMessage?: () => Promise<void>;
  /** How long closing waits for the clients' open connections before cutting them (100 ms by default). */
  closeTimeoutMs?: number;
}

export async function startSmtpReceiver(options: SmtpReceiverOptions = {}) {
  const inbox: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // The site's mailer keeps its connections open (a pool): a test that is done closes them at once.
    closeTimeout: options.closeTimeoutMs ?? 100,
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    onMailFrom(_address, _session, callback) {
      if (!options.beforeMessage) return callback();
      options.beforeMessage().then(() => callback(), callback);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const bytes = Buffer.concat(chunks);
        const raw = bytes.toString("utf8");
        simpleParser(bytes).then((parsed) => {
          inbox.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            raw,
            subject: parsed.subject ?? "",
            text: decodeQuotedPrintable(raw),
            parts: { text: parsed.text?.replace(/\r\n/g, "\n"), html: parsed.html ? parsed.html.replace(/\r\n/g, "\n") : undefined },
            attachments: parsed.attachments.map((a) => ({
              filename: a.filename,
              contentType: a.contentType,
              params: (a.headers.get("content-type") as { params?: Record<string, string> } | undefined)?.params ?? {},
              content: a.content,
            })),
            headers: parsed.headers,
          });
          waiters.splice(0).forEach((wake) => wake());
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;

  /** Waits for the next message to `to` whose subject matches, and returns it. */
  async function waitFor(to: string, subject: RegExp, timeoutMs = 10_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = inbox.find((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject));
      if (found) {
        inbox.splice(inbox.indexOf(found), 1);
        return found;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no email to ${to} matching ${subject} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The first link in a message that starts with `prefix`. */
  function linkIn(mail: ReceivedMail, prefix: string): string {
    const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const match = new RegExp(`${escaped}[^\\s"<>]*`).exec(mail.text);
    if (!match) throw new Error(`no link starting with ${prefix} in:\n${mail.text}`);
    return match[0].replaceAll("&amp;", "&");
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    /** How many SMTP connections were opened to it so far. */
    get connections() {
      return connections;
    },
    waitFor,
    linkIn,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpReceiver = Awaited<ReturnType<typeof startSmtpReceiver>>;
