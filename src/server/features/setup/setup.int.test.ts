import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "#server/db/database.ts";
import { createUser } from "#server/db/factories.ts";
import { verifyPassword } from "#server/auth/password.ts";
import { messages } from "#shared/messages.ts";
import { createTestDatabase } from "#tests/setup/database.ts";
import { SetupService } from "./setup.service.ts";

const input = { email: " First.Admin@Example.org ", displayName: "First Admin", password: "a-Strong-pass-1", confirmPassword: "a-Strong-pass-1" };

describe("the first administrator's setup link", () => {
  let database: Database;
  let setup: SetupService;

  beforeEach(async () => {
    database = await createTestDatabase();
    setup = new SetupService(database.db);
  });
  afterEach(() => database.close());

  it("keeps only the token's hash, and a new start's link replaces the old one", async () => {
    const first = (await setup.issueToken())!;
    const rows = await database.db.selectFrom("setup_token").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(first);
    const second = (await setup.issueToken())!;
    expect(await setup.isValid(first)).toBe(false);
    expect(await setup.isValid(second)).toBe(true);
    expect(await setup.isValid(null)).toBe(false);
  });

  it("expires after an hour", async () => {
    const issued = new Date("2026-01-01T10:00:00Z");
    const token = (await setup.issueToken(issued))!;
    expect(await setup.isValid(token, new Date("2026-01-01T10:59:00Z"))).toBe(true);
    expect(await setup.isValid(token, new Date("2026-01-01T11:00:01Z"))).toBe(false);
    const late = await setup.createAdministrator(token, input, new Date("2026-01-01T11:00:01Z"));
    expect(late).toEqual({ ok: false, errors: { form: messages.setup.linkInvalid } });
    expect(await setup.hasAdministrator()).toBe(false);
  });

  it("says what is wrong beside each field and keeps the token for another try", async () => {
    const token = (await setup.issueToken())!;
    const result = await setup.createAdministrator(token, { email: "nope", displayName: " ", password: "abc", confirmPassword: "abd" });
    expect(result).toEqual({
      ok: false,
      errors: {
        email: messages.setup.emailInvalid,
        displayName: "Display name cannot be empty.",
        password: messages.auth.weakPassword,
        confirmPassword: messages.auth.passwordsDoNotMatch,
      },
    });
    const common = await setup.createAdministrator(token, { ...input, password: "password1", confirmPassword: "password1" });
    expect(common).toEqual({ ok: false, errors: { password: messages.setup.passwordCommon } });
    await createUser(database.db, { email: "taken@example.org" });
    const taken = await setup.createAdministrator(token, { ...input, email: "taken@example.org" });
    expect(taken).toEqual({ ok: false, errors: { email: messages.auth.emailInUse } });
    expect(await setup.isValid(token)).toBe(true);
  });

  it("creates one verified administrator with the password, uses the token up, and issues no more links", async () => {
    const token = (await setup.issueToken())!;
    const result = await setup.createAdministrator(token, input);
    expect(result).toEqual({ ok: true, email: "first.admin@example.org" });
    const user = await database.db.selectFrom("user").selectAll().where("email", "=", "first.admin@example.org").executeTakeFirstOrThrow();
    expect(user.role).toBe("admin");
    expect(user.displayName).toBe("First Admin");
    expect(Boolean(user.emailVerified)).toBe(true);
    const account = await database.db.selectFrom("account").selectAll().where("userId", "=", user.id).executeTakeFirstOrThrow();
    expect(account.providerId).toBe("credential");
    expect(await verifyPassword({ hash: account.password!, password: input.password })).toBe(true);

    expect(await setup.isValid(token)).toBe(false);
    expect(await setup.createAdministrator(token, { ...input, email: "second@example.org" })).toEqual({ ok: false, errors: { form: messages.setup.linkInvalid } });
    expect(await setup.issueToken()).toBeNull();
    expect(await database.db.selectFrom("setup_token").selectAll().execute()).toHaveLength(0);
  });
});
