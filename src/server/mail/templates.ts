// The emails the site sends. Plain text first; the HTML part carries the same words and one link.
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

export function verificationEmail({ to, site, url }: { to: string; site: string; url: string }): MailMessage {
  return message(
    to,
    `Verify your email address for ${site}`,
    [`Welcome to ${site}!`, "Please confirm that this is your email address by opening the link below."],
    { label: "Verify my email address", url },
    ["If you did not create an account, you can ignore this email."],
  );
}

export function passwordResetEmail({ to, site, url, validMinutes }: { to: string; site: string; url: string; validMinutes: number }): MailMessage {
  return message(
    to,
    `Reset your password for ${site}`,
    ["Someone asked to reset the password of your account.", `The link below works once and for ${validMinutes} minutes.`],
    { label: "Choose a new password", url },
    ["If this was not you, ignore this email: your password stays as it is."],
  );
}

/** Sent instead of an error when someone signs up with an address that already has an account. */
export function existingAccountEmail({ to, site, url }: { to: string; site: string; url: string }): MailMessage {
  return message(
    to,
    `Someone tried to create an account for ${site} with your email address`,
    [
      `Someone, perhaps you, tried to create a new account for ${site} with this email address. It already has an account, so nothing was created.`,
      "If it was you, log in instead; if you forgot your password, the login page can send you a link to choose a new one.",
    ],
    { label: "Log in", url },
    ["If this was not you, you can ignore this email: your account is unchanged."],
  );
}
