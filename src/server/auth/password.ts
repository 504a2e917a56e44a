// argon2id password hashing (OWASP's recommended parameters: 19 MiB, 2 iterations).
import { hash, verify } from "@node-rs/argon2";

const ARGON2ID = 2;
const options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
