// The signed-in user's own account: read it, change the display name; and which third-party sign-ins exist.
import { NotFound, Validation } from "#server/errors.ts";
import { requireUser, type CurrentUser } from "#server/auth/session.ts";
import type { SignInProvider } from "#server/auth/providers.ts";
import { ACCOUNT_TYPES, ROLES, type AccountType, type Role } from "#shared/constants.ts";
import { AccountLanguageSchema, UpdateAccountSchema, type Account } from "#shared/schemas/account.ts";
import { isLanguage, type Language } from "#shared/i18n/languages.ts";
import type { AccountRepository, AccountRow } from "./account.repository.ts";

function toAccount(row: AccountRow): Account {
  return {
    ...row,
    role: ROLES.includes(row.role as Role) ? (row.role as Role) : "user",
    accountType: ACCOUNT_TYPES.includes(row.accountType as AccountType) ? (row.accountType as AccountType) : null,
    language: isLanguage(row.language) ? row.language : null,
  };
}

export class AccountService {
  readonly repository: AccountRepository;
  readonly providers: SignInProvider[];

  /** The languages the site offers now (site settings). */
  readonly offeredLanguages: () => Promise<readonly Language[]>;

  constructor(repository: AccountRepository, providers: SignInProvider[] = [], offeredLanguages: () => Promise<readonly Language[]> = async () => ["en"]) {
    this.repository = repository;
    this.providers = providers;
    this.offeredLanguages = offeredLanguages;
  }

  /** Third-party sign-in providers the login and sign-up pages offer. */
  signInProviders(): SignInProvider[] {
    return this.providers;
  }

  async get(user: CurrentUser | null): Promise<Account> {
    const signedIn = requireUser(user);
    const row = await this.repository.find(signedIn.id);
    if (!row) throw NotFound("Account not found.");
    return toAccount(row);
  }

  async update(user: CurrentUser | null, input: unknown): Promise<Account> {
    const signedIn = requireUser(user);
    const parsed = UpdateAccountSchema.safeParse(input);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? "The request is not valid.";
      throw Validation(message, { displayName: message });
    }
    await this.repository.updateDisplayName(signedIn.id, parsed.data.displayName);
    return this.get(signedIn);
  }

  /** Sets the language of the person's signed-in pages and mail: one the site offers, or null for its default. */
  async setLanguage(user: CurrentUser | null, input: unknown): Promise<Account> {
    const signedIn = requireUser(user);
    const parsed = AccountLanguageSchema.safeParse(input);
    const offered = await this.offeredLanguages();
    const message = "Choose a language the site offers.";
    if (!parsed.success || (parsed.data.language !== null && !offered.includes(parsed.data.language))) throw Validation(message, { language: message });
    await this.repository.updateLanguage(signedIn.id, parsed.data.language);
    return this.get(signedIn);
  }
}
