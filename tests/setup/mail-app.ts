// A test app whose mail goes to a real SMTP server on loopback, for tests that read what the site sends.
import { pino } from "pino";
import { afterAll } from "vitest";
import { createMailer, type Mailer } from "#server/mail/mailer.ts";
import { setUpTestApp, type TestApp } from "./app.ts";
import { startSmtpReceiver, type SmtpReceiver } from "./smtp-receiver.ts";

/** A mailer that sends to `receiver`, as the site's SMTP_URL would. */
export function mailerTo(receiver: SmtpReceiver): Mailer {
  return createMailer({ smtpUrl: receiver.url, from: "site@example.com", outboxDir: "/nonexistent", logger: pino({ level: "silent" }) });
}

/** The file's app (see `setUpTestApp`) and its SMTP receiver (`mail.receiver`, set once the tests run). */
export function setUpTestAppWithMail(): { t: TestApp; mail: { receiver: SmtpReceiver } } {
  const mail = {} as { receiver: SmtpReceiver };
  const t = setUpTestApp(async () => {
    mail.receiver = await startSmtpReceiver();
    return { mailer: mailerTo(mail.receiver) };
  });
  afterAll(() => mail.receiver?.close());
  return { t, mail };
}
