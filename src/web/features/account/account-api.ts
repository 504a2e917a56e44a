import type { Account } from "#shared/schemas/account.ts";
import type { Fetcher } from "#web/lib/api-client.ts";

export type AccountLoad = { account: Account; failed: false } | { account: null; failed: true } | { account: null; failed: false; signedOut: true };

/** Reads the signed-in user's account (the browser's `fetch` unless given another); tells a signed-out visitor from a failure to load. */
export async function fetchAccount(fetcher: Fetcher = fetch): Promise<AccountLoad> {
  try {
    const response = await fetcher("/api/v1/account", { credentials: "same-origin" });
    if (response.status === 401) return { account: null, failed: false, signedOut: true };
    if (!response.ok) return { account: null, failed: true };
    return { account: (await response.json()) as Account, failed: false };
  } catch {
    return { account: null, failed: true };
  }
}
