import { describe, expect, it } from "vitest";
import { isCommonPassword } from "./common-passwords.ts";

describe("common passwords", () => {
  it("knows the passwords attackers try first, in any letter case", () => {
    for (const password of ["123456", "password", "qwerty123", "letmein1", "iloveyou", "PASSWORD1", "Football"]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it("lets an uncommon password through", () => {
    expect(isCommonPassword("lantern-river-42")).toBe(false);
    expect(isCommonPassword("correct horse battery")).toBe(false);
  });
});
