// The emails the site sends. Plain text first; the HTML part carries the same words and one link.
import type { TFunction } from "i18next";
import type { MailMessage } from "./mailer.ts";

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

export function message(to: string, subject: string, lines: string[], action: { label: string; url: string }, after: string[]): MailMessage {
  const text = [...lines, "", `${action.label}: ${action.url}`, "", ...after].join("\n");
  const html = [
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>`,
    ...after.map((l) => `<p style="color:#57534e">${escapeHtml(l)}</p>`),
  ].join("\n");
  return { to, subject, text, html, link: action.url };
}

/** The site's words for a mail, in the recipient's language (catalog `mail`). */
export interface MailWords {
  t: TFunction;
}

export function verificationEmail({ to, site, url, t }: { to: string; site: string; url: string } & MailWords): MailMessage {
  return message(
    to,
    t("verification.subject", { site }),
    [t("verification.welcome", { site }), t("verification.body")],
    { label: t("verification.action"), url },
    [t("verification.ignore")],
  );
}

export function passwordResetEmail({ to, site, url, validMinutes, t }: { to: string; site: string; url: string; validMinutes: number } & MailWords): MailMessage {
  return message(
    to,
    t("passwordReset.subject", { site }),
    [t("passwordReset.asked"), t("passwordReset.validity", { minutes: validMinutes })],
    { label: t("passwordReset.action"), url },
    [t("passwordReset.ignore")],
  );
}

/** Sent instead of an error when someone signs up with an address that already has an account. */
export function existingAccountEmail({ to, site, url, t }: { to: string; site: string; url: string } & MailWords): MailMessage {
  return message(to, t("existingAccount.subject", { site }), [t("existingAccount.tried", { site }), t("existingAccount.logIn")], { label: t("existingAccount.action"), url }, [
    t("existingAccount.ignore"),
  ]);
}
