// Who has answered a survey, as a keyed hash only (decision 0031): HMAC of survey id and person, under a key derived
// from the server's secret, so the database alone names no one and no other use of that secret yields the same hashes.
import { createHash, createHmac } from "node:crypto";

export type Person = { userId: string } | { email: string };
export type PersonKey = (surveyId: string, person: Person) => string;

export function respondentKeys(secret: string): PersonKey {
  const key = createHmac("sha256", secret).update("niche survey respondents").digest();
  return (surveyId, person) => {
    const who = "userId" in person ? `user:${person.userId}` : `email:${person.email.trim().toLowerCase()}`;
    return createHmac("sha256", key).update(`${surveyId}\n${who}`).digest("base64url");
  };
}

/** What is stored of a mailed link's token: the database alone cannot confirm anything. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");
