// The proof of work a sign-up carries (ALTCHA, solved by the browser, no third party): it makes each sign-up cost
// the client some computing, so asking "is this address registered?" for many addresses is slow. The challenge is
// signed with a secret derived from the auth secret, so any instance can check it; a solution is spent on first use,
// recorded in the database until its challenge expires (docs/security.md).
import { createHmac } from "node:crypto";
import type { Kysely } from "kysely";
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import type { DB } from "../db/database-types.ts";

/**
 * The work: the browser tries counters until the SHA-256 of salt and counter matches, on average half of
 * `maxCounter` tries (well under a second in a browser's workers, a few tens of milliseconds on a server).
 */
export const SIGN_UP_CHALLENGE = { algorithm: "SHA-256", cost: 1, minCounter: 5_000, maxCounter: 50_000, validSeconds: 10 * 60 } as const;

export type ChallengeCheck = "ok" | "missing" | "invalid" | "expired" | "used";

function decode(payload: unknown): Payload | null {
  if (typeof payload !== "string" || payload === "") return null;
  try {
    const decoded = JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as Partial<Payload> | null;
    if (!decoded || typeof decoded !== "object" || !decoded.challenge?.parameters || !decoded.solution) return null;
    return decoded as Payload;
  } catch {
    return null;
  }
}

export class SignUpChallenge {
  readonly db: Kysely<DB>;
  readonly signatureSecret: string;
  readonly now: () => number;
  readonly keySecret: string;

  constructor(db: Kysely<DB>, authSecret: string, now: () => number = Date.now) {
    this.db = db;
    // Secrets of their own: a challenge's signature is nothing better-auth would accept, and the reverse.
    this.signatureSecret = createHmac("sha256", authSecret).update("niche sign-up challenge").digest("hex");
    this.keySecret = createHmac("sha256", authSecret).update("niche sign-up challenge key").digest("hex");
    this.now = now;
  }

  async create(): Promise<Challenge> {
    return createChallenge({
      algorithm: SIGN_UP_CHALLENGE.algorithm,
      cost: SIGN_UP_CHALLENGE.cost,
      counter: randomInt(SIGN_UP_CHALLENGE.maxCounter, SIGN_UP_CHALLENGE.minCounter),
      deriveKey,
      expiresAt: Math.floor(this.now() / 1000) + SIGN_UP_CHALLENGE.validSeconds,
      hmacSignatureSecret: this.signatureSecret,
      hmacKeySignatureSecret: this.keySecret,
    });
  }

  /** Checks the widget's payload (base64 JSON of the challenge and its solution) and spends it. */
  async check(payload: unknown): Promise<ChallengeCheck> {
    if (payload === undefined || payload === null || payload === "") return "missing";
    const decoded = decode(payload);
    if (!decoded) return "invalid";
    const expiresAt = decoded.challenge.parameters.expiresAt;
    if (typeof expiresAt !== "number") return "invalid";
    if (expiresAt * 1000 <= this.now()) return "expired";
    let verified: boolean;
    try {
      const result = await verifySolution({
        challenge: decoded.challenge,
        solution: decoded.solution,
        deriveKey,
        hmacSignatureSecret: this.signatureSecret,
        hmacKeySignatureSecret: this.keySecret,
      });
      if (result.expired) return "expired";
      verified = result.verified;
    } catch {
      return "invalid";
    }
    if (!verified) return "invalid";
    return (await this.spend(decoded.challenge.parameters.nonce, expiresAt)) ? "ok" : "used";
  }

  /** Records the challenge as used; false when it already was (here or on another instance). */
  private async spend(id: string, expiresAt: number): Promise<boolean> {
    await this.db.deleteFrom("used_challenge").where("expiresAt", "<=", Math.floor(this.now() / 1000)).execute();
    const result = await this.db
      .insertInto("used_challenge")
      .values({ id, expiresAt })
      .onConflict((oc) => oc.column("id").doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }
}
