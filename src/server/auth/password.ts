// argon2id password hashing (OWASP's recommended parameters: 19 MiB, 2 iterations).
import type * as Argon2 from "@node-rs/argon2";
import { lazyRequire } from "../lib/lazy-require.ts";

// Loaded with the first password hashed or checked (a sign-up, a sign-in): none of the other requests need it.
const argon2 = lazyRequire<typeof Argon2>("@node-rs/argon2");

const ARGON2ID = 2;
const options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2().hash(password, options);
}

export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }): Promise<boolean> {
  try {
    return await argon2().verify(stored, password);
  } catch {
    return false;
  }
}
