// /.well-known/security.txt (RFC 9116): where to report a security problem with this site.
import type { Context } from "hono";
import type { AppEnv } from "#server/api/api-env.ts";

export interface SecurityTxtOptions {
  /** SECURITY_CONTACT: a mailto: or https: URI, or an email address. */
  contact?: string | undefined;
  /** MAIL_FROM, whose address is the last resort. */
  mailFrom?: string | undefined;
  siteUrl?: string | undefined;
}

/** RFC 9116 asks for an expiry under a year away; the file is generated, so it never goes stale. */
const VALID_DAYS = 180;

function asContactUri(value: string): string {
  const trimmed = value.trim();
  return /^(mailto|https?|tel):/i.test(trimmed) ? trimmed : `mailto:${trimmed}`;
}

function addressOf(mailFrom: string): string {
  return /<([^>]+)>/.exec(mailFrom)?.[1]?.trim() ?? mailFrom.trim();
}

/** The configured contact, else the association's general email, else the sender of the site's email. */
export async function securityTxt(c: Context<AppEnv>, options: SecurityTxtOptions): Promise<Response> {
  const origin = options.siteUrl ?? new URL(c.req.url).origin;
  let contact = options.contact;
  if (!contact) {
    const settings = await c.var.services.siteSettings.get();
    contact = settings.generalEmail || addressOf(options.mailFrom ?? "no-reply@localhost");
  }
  const expires = new Date(Date.now() + VALID_DAYS * 24 * 60 * 60 * 1000);
  expires.setUTCHours(0, 0, 0, 0);
  const body = [
    `Contact: ${asContactUri(contact)}`,
    `Expires: ${expires.toISOString().replace(".000Z", "Z")}`,
    "Preferred-Languages: en",
    `Canonical: ${origin}/.well-known/security.txt`,
    "",
  ].join("\n");
  return c.text(body, 200, { "Cache-Control": "public, max-age=3600" });
}
