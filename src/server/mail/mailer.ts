// Outgoing email: SMTP through nodemailer when SMTP_URL is set, otherwise files in DATA_DIR/outbox with the link logged.
import fs from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";
import type { Logger } from "../logger.ts";
import type { MailMetrics } from "../metrics/metrics.ts";

/**
 * Headers a bulk message carries (newsletters, digests to subscribers): RFC 8058 one-click unsubscribe, RFC 2919's
 * List-Id, and a Message-ID the caller keeps stable (`<...@host>`) instead of one made per attempt.
 */
export interface MailHeaders {
  "List-Unsubscribe"?: string;
  "List-Unsubscribe-Post"?: "List-Unsubscribe=One-Click";
  "List-Id"?: string;
  "Message-ID"?: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link that matters in the message; logged when mail only goes to the outbox. */
  link?: string;
  /** A calendar entry (an invitation or its cancellation), sent as the message's text/calendar part and file. */
  calendar?: { method: "PUBLISH" | "REQUEST" | "CANCEL"; filename: string; content: string };
  /** Files carried by the message; one with a `cid` is an inline image the HTML shows as `cid:<cid>`. */
  attachments?: Array<{ filename: string; content: Buffer; contentType: string; cid?: string }>;
  headers?: MailHeaders;
}

/** What nodemailer is given for a message. */
function mailOf(from: string, message: MailMessage) {
  const { "Message-ID": messageId, ...headers } = message.headers ?? {};
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    ...(message.calendar ? { icalEvent: message.calendar } : {}),
    ...(message.attachments ? { attachments: message.attachments } : {}),
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    ...(messageId ? { messageId } : {}),
  };
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Closes the connections to the mail server, at shutdown once nothing is being sent any more. */
  close?(): void;
}

export interface MailerOptions {
  smtpUrl?: string | undefined;
  from: string;
  outboxDir: string;
  logger: Logger;
}

/** nodemailer is loaded with the first message, not at start. */
function lazyTransport(options: string | Record<string, unknown>): () => Promise<Transporter> {
  let transport: Promise<Transporter> | undefined;
  return () => (transport ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(options)));
}

/** Connections a pooled transport keeps open at most: enough to keep up with the newsletter's rate, few enough for any provider. */
export const SMTP_MAX_CONNECTIONS = 3;

/**
 * SMTP_URL with pooling on unless the URL says otherwise (`?pool=false`, `?maxConnections=5`): a newsletter of
 * thousands then goes over a few connections, instead of a connection, a greeting and a login per message.
 */
export function pooledSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has("pool")) url.searchParams.set("pool", "true");
  if (url.searchParams.get("pool") !== "false" && !url.searchParams.has("maxConnections")) url.searchParams.set("maxConnections", String(SMTP_MAX_CONNECTIONS));
  return url.toString();
}

export function createMailer({ smtpUrl, from, outboxDir, logger }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = lazyTransport(pooledSmtpUrl(smtpUrl));
    let opened = false;
    return {
      async send(message) {
        opened = true;
        const info = await (await transport()).sendMail(mailOf(from, message));
        logger.info({ to: message.to, subject: message.subject, messageId: info.messageId }, "mail sent");
      },
      close() {
        if (opened) void transport().then((t) => t.close());
      },
    };
  }

  // Without a mail server the site still works: an operator reads the outbox or the log.
  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await (await transport()).sendMail(mailOf(from, message));
      await fs.mkdir(outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${info.messageId.replace(/[^a-zA-Z0-9]/g, "").slice(0, 16)}.eml`;
      const file = path.join(outboxDir, name);
      // Written whole under another name in the same folder, then renamed (which is atomic): a process that dies
      // while writing leaves no empty or partial message under a name the outbox's readers take for mail.
      const partial = path.join(outboxDir, `.${name}.partial`);
      await fs.writeFile(partial, info.message as Buffer);
      await fs.rename(partial, file);
      logger.warn({ to: message.to, subject: message.subject, file, link: message.link }, "SMTP_URL is not set: mail written to the outbox");
    },
  };
}

/** The same mailer, telling the metrics of each message sent and each that failed. */
export function countedMailer(mailer: Mailer, metrics: MailMetrics): Mailer {
  return {
    close: () => mailer.close?.(),
    async send(message) {
      try {
        await mailer.send(message);
      } catch (error) {
        metrics.failed();
        throw error;
      }
      metrics.sent();
    },
  };
}
