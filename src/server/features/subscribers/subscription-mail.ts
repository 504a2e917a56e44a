// The two mails a subscription request can bring: the confirmation (double opt-in: nothing else is sent before its
// link is opened) and, for an address already subscribed, a note with its preferences link instead of a second
// subscription. Each says why it came, how to ignore it, and who sends it.
import type { MailMessage } from "#server/mail/mailer.ts";
import { message } from "#server/mail/templates.ts";

export interface Sender {
  name: string;
  /** The association's postal address, as CASL asks of every commercial message. */
  mailingAddress: string;
}

function signature(sender: Sender): string[] {
  return [sender.name, ...sender.mailingAddress.split(/\r?\n/).filter((line) => line.trim() !== "")];
}

export function confirmationMail({ to, sender, url }: { to: string; sender: Sender; url: string }): MailMessage {
  return message(
    to,
    `Confirm your subscription to the ${sender.name} newsletter`,
    [
      `Someone, probably you, asked to receive the ${sender.name} newsletter at this address.`,
      "Open the link below to confirm. Until you do, we send you nothing else.",
    ],
    { label: "Confirm my subscription", url },
    [
      "If you did not ask for it, ignore this message: without the confirmation this address is forgotten in 7 days.",
      ...signature(sender),
    ],
  );
}

export function alreadySubscribedMail({ to, sender, url }: { to: string; sender: Sender; url: string }): MailMessage {
  return message(
    to,
    `You are already subscribed to the ${sender.name} newsletter`,
    [
      `Someone, probably you, asked to subscribe this address to the ${sender.name} newsletter. It is subscribed already, so nothing changed.`,
      "You can change your topics, pause the newsletter or unsubscribe on your preferences page.",
    ],
    { label: "Manage my subscription", url },
    ["If you did not ask for it, ignore this message: your subscription stays as it is.", ...signature(sender)],
  );
}
