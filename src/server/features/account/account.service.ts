// The signed-in user's own account: read it, change the display name; and which third-party sign-ins exist.
import { NotFound, Validation } from "#server/errors.ts";
import { requireUser, type CurrentUser } from "#server/auth/session.ts";
import type { SignInProvider } from "#server/auth/providers.ts";
import { ACCOUNT_TYPES, ROLES, type AccountType, type Role } from "#shared/constants.ts";
import { UpdateAccountSchema, type Account } from "#shared/schemas/account.ts";
import type { AccountRepository, AccountRow } from "./account.repository.ts";

function toAccount(row: AccountRow): Account {
  return {
    ...row,
    role: ROLES.includes(row.role as Role) ? (row.role as Role) : "user",
    accountType: ACCOUNT_TYPES.includes(row.accountType as AccountType) ? (row.accountType as AccountType) : null,
  };
}

export class AccountService {
  readonly repository: AccountRepository;
  readonly providers: SignInProvider[];

  constructor(repository: AccountRepository, providers: SignInProvider[] = []) {
    this.repository = repository;
    this.providers = providers;
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
}
