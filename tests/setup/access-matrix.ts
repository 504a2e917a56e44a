// The authorization matrix of the members' features: the same six people (anonymous, a plain user, a `business`
// account that owns nothing yet, two members who own a business each, an administrator) call every operation, and
// each operation's test compares the status each of them got with what is expected of each, all at once.
import { createBusiness } from "#server/db/factories.ts";
import type { CurrentUser } from "#server/auth/session.ts";
import { describe, expect, it } from "vitest";
import { setUp, setUpSignIn, type SignedIn, type TestApp } from "./app.ts";
import { signInOwnerOf } from "./owners.ts";

export type Who = "anonymous" | "user" | "ownerOfNothing" | "memberA" | "memberB" | "admin";
export const WHO: readonly Who[] = ["anonymous", "user", "ownerOfNothing", "memberA", "memberB", "admin"];
export type Expected = Record<Who, number>;

export interface MatrixPeople {
  admin: SignedIn;
  plainUser: SignedIn;
  /** Not a member: members are owners of a business (decision 0022). */
  ownerOfNothing: SignedIn;
  members: { a: { cookie: string; user: CurrentUser }; b: { cookie: string; user: CurrentUser } };
  /** The session cookie of each person; anonymous has none. */
  cookieOf(who: Who): string | undefined;
}

/** Signs the six in on the file's app before its tests; `label` names the members' businesses. */
export function setUpMatrixPeople(t: TestApp, label: string): MatrixPeople {
  const admin = setUpSignIn(t, "admin");
  const plainUser = setUpSignIn(t, "user");
  const ownerOfNothing = setUpSignIn(t, "business");
  const members = setUp(async () => {
    const a = await createBusiness(t.database.db, { name: `${label} A` });
    const b = await createBusiness(t.database.db, { name: `${label} B` });
    return { a: await signInOwnerOf(t, admin.cookie, a.id), b: await signInOwnerOf(t, admin.cookie, b.id) };
  });
  const cookieOf = (who: Who) =>
    ({ anonymous: undefined, user: plainUser.cookie, ownerOfNothing: ownerOfNothing.cookie, memberA: members.a.cookie, memberB: members.b.cookie, admin: admin.cookie })[who];
  return { admin, plainUser, ownerOfNothing, members, cookieOf };
}

/** The same status for everyone. */
export const everyone = (status: number): Expected => ({ anonymous: status, user: status, ownerOfNothing: status, memberA: status, memberB: status, admin: status });
/** `ok` for anyone signed in; anonymous must sign in. */
export const signedIn = (ok: number): Expected => ({ ...everyone(ok), anonymous: 401 });
/** `ok` for members and administrators; anonymous must sign in, other accounts are refused. */
export const membersOnly = (ok: number): Expected => ({ anonymous: 401, user: 403, ownerOfNothing: 403, memberA: ok, memberB: ok, admin: ok });
/** `ok` for administrators; anonymous must sign in, everyone else is refused. */
export const adminOnly = (ok: number): Expected => ({ anonymous: 401, user: 403, ownerOfNothing: 403, memberA: 403, memberB: 403, admin: ok });

export interface Operation {
  name: string;
  call: (cookie: string | undefined) => Response | Promise<Response>;
  expect: Expected;
}

/** One test per operation, inside `describe(title)`; `more` adds the file's other tests to the same block. */
export function describeAccessMatrix(title: string, people: MatrixPeople, operations: Operation[], more?: () => void) {
  describe(title, () => {
    for (const operation of operations) {
      it(operation.name, async () => {
        const got: Record<string, number> = {};
        for (const who of WHO) got[who] = (await operation.call(people.cookieOf(who))).status;
        expect(got).toEqual(operation.expect);
      });
    }
    more?.();
  });
}
