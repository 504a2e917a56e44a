// Account administration outside the web flows: the first admin of a fresh install, and test accounts.
import type { Role } from "#shared/constants.ts";
import { defaultDisplayName } from "#shared/format.ts";
import type { Auth } from "./auth.ts";

export interface AccountInput {
  email: string;
  password: string;
  role: Role;
  name?: string | undefined;
}

/** Creates a verified email+password account, or sets an existing account's role, password (and name, if given). */
export async function createOrUpdateUser({ auth }: { auth: Auth }, input: AccountInput): Promise<{ id: string; created: boolean }> {
  const ctx = await auth.$context;
  const email = input.email.trim().toLowerCase();
  const hash = await ctx.password.hash(input.password);
  const existing = await ctx.internalAdapter.findUserByEmail(email, { includeAccounts: true });

  if (existing) {
    const { user, accounts } = existing;
    await ctx.internalAdapter.updateUser(user.id, {
      role: input.role,
      emailVerified: true,
      ...(input.name ? { name: input.name } : {}),
    });
    if (accounts.some((a) => a.providerId === "credential")) {
      await ctx.internalAdapter.updatePassword(user.id, hash);
    } else {
      await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: hash });
    }
    return { id: user.id, created: false };
  }

  const user = await ctx.internalAdapter.createUser({
    email,
    name: input.name ?? defaultDisplayName(email),
    emailVerified: true,
    role: input.role,
  }, { method: "admin" });
  await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: hash });
  return { id: user.id, created: true };
}
