// Whose language a mail is written in: the recipient's own (an account's choice, or the page a subscriber or
// registrant came from), else the site's default language (site settings).
import type { TFunction } from "i18next";
import { getFixedT } from "#shared/i18n/index.ts";
import { isLanguage, type Language } from "#shared/i18n/languages.ts";
import type { RecipientLanguageRepository } from "./recipient-language.repository.ts";

/** The mail catalog's `t` in one language. */
export function mailT(language: Language): Promise<TFunction> {
  return getFixedT(language, "mail");
}

export class RecipientLanguages {
  private readonly repository: RecipientLanguageRepository | undefined;
  private readonly siteDefault: () => Promise<string>;
  constructor(siteDefault: () => Promise<string>, repository?: RecipientLanguageRepository) {
    this.siteDefault = siteDefault;
    this.repository = repository;
  }

  /** A kept language when it is one Niche speaks, else the site's default. */
  async resolve(kept: string | null | undefined): Promise<Language> {
    if (isLanguage(kept)) return kept;
    const fallback = await this.siteDefault();
    return isLanguage(fallback) ? fallback : "en";
  }

  async ofUser(userId: string): Promise<Language> {
    return this.resolve(await this.repository?.ofUser(userId));
  }

  /** Someone who may have an account: its language when it has one set, else the one kept for them. */
  async ofPerson(userId: string | null, kept: string | null | undefined): Promise<Language> {
    const chosen = userId ? await this.repository?.ofUser(userId) : null;
    return this.resolve(isLanguage(chosen) ? chosen : kept);
  }

  async ofEmail(email: string): Promise<Language> {
    return this.resolve(await this.repository?.ofEmail(email));
  }
}

/** Everyone in the site's default language: for code (tests, tools) that has no database at hand. */
export const SITE_DEFAULT_ENGLISH = new RecipientLanguages(async () => "en");

/** What a mail in one language is written with: the catalog's words and the language its dates are formatted in. */
export interface MailLanguage {
  t: TFunction;
  language: Language;
}

export async function mailLanguage(language: Language | undefined): Promise<MailLanguage> {
  const chosen = language ?? "en";
  return { t: await mailT(chosen), language: chosen };
}
