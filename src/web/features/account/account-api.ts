import type { Account } from "#shared/schemas/account.ts";

export type AccountLoad = { account: Account; failed: false } | { account: null; failed: true } | { account: null; failed: false; signedOut: true };

/** Reads the signed-in user's account in the browser; tells a signed-out visitor from a failure to load. */
export async function fetchAccount(): Promise<AccountLoad> {
  try {
    const response = await fetch("/api/v1/account", { credentials: "same-origin" });
    if (response.status === 401) return { account: null, failed: false, signedOut: true };
    if (!response.ok) return { account: null, failed: true };
    return { account: (await response.json()) as Account, failed: false };
  } catch {
    return { account: null, failed: true };
  }
}
