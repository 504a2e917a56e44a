// The two mails a subscription request can bring: the confirmation (double opt-in: nothing else is sent before its
// link is opened) and, for an address already subscribed, a note with its preferences link instead of a second
// subscription. Each says why it came, how to ignore it, and who sends it.
import type { MailMessage } from "#server/mail/mailer.ts";
import { message, type MailWords } from "#server/mail/templates.ts";

export interface Sender {
  name: string;
  /** The association's postal address, as CASL asks of every commercial message. */
  mailingAddress: string;
}

function signature(sender: Sender): string[] {
  return [sender.name, ...sender.mailingAddress.split(/\r?\n/).filter((line) => line.trim() !== "")];
}

export function confirmationMail({ to, sender, url, t }: { to: string; sender: Sender; url: string } & MailWords): MailMessage {
  const site = sender.name;
  return message(
    to,
    t("subscription.confirmSubject", { site }),
    [t("subscription.confirmAsked", { site }), t("subscription.confirmOpen")],
    { label: t("subscription.confirmAction"), url },
    [t("subscription.confirmIgnore"), ...signature(sender)],
  );
}

export function alreadySubscribedMail({ to, sender, url, t }: { to: string; sender: Sender; url: string } & MailWords): MailMessage {
  const site = sender.name;
  return message(
    to,
    t("subscription.alreadySubject", { site }),
    [t("subscription.alreadyAsked", { site }), t("subscription.alreadyManage")],
    { label: t("subscription.alreadyAction"), url },
    [t("subscription.alreadyIgnore"), ...signature(sender)],
  );
}
