// Solves the sign-up form's proof of work as the browser's widget does, with altcha-lib: tests sign up through the
// real check, never around it.
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";

/** The widget's payload for a solved challenge: base64 JSON of the challenge and its solution. */
export async function solveSignUpChallenge(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  if (!solution) throw new Error("the sign-up challenge was not solved in 30 s");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

/**
 * Fetches a challenge with `get` (a fetch, an in-process app request or Playwright's request context, given
 * "/api/v1/challenge") and answers the solved payload to send as `altcha` with the sign-up.
 */
export async function signUpProof(get: (path: string) => { json(): Promise<unknown> } | Promise<{ json(): Promise<unknown> }>): Promise<string> {
  const response = await get("/api/v1/challenge");
  return solveSignUpChallenge((await response.json()) as Challenge);
}
