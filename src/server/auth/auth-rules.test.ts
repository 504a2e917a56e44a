import { describe, expect, it } from "vitest";
import { profileDisplayName } from "./auth-rules.ts";

describe("profileDisplayName: a sign-in provider's name as the account's display name", () => {
  it("is trimmed and loses control and bidirectional-override characters", () => {
    expect(profileDisplayName("  Pat\u202E Lee\u0007 ")).toBe("Pat Lee");
    expect(profileDisplayName("Line\nbreak")).toBe("Line break");
  });

  it("is cut to the 80 characters a typed name may have", () => {
    expect(profileDisplayName("x".repeat(200_000))).toBe("x".repeat(80));
    expect(profileDisplayName(`${"a".repeat(78)}  b`)).toBe("a".repeat(78));
    // A character outside the Basic Multilingual Plane is two UTF-16 units, never cut in half.
    expect(profileDisplayName(`${"a".repeat(79)}😀`)).toBe("a".repeat(79));
  });

  it("is nothing when no name, or nothing but blanks and controls, was given", () => {
    expect(profileDisplayName(undefined)).toBeUndefined();
    expect(profileDisplayName(42)).toBeUndefined();
    expect(profileDisplayName(" \u202E\t")).toBeUndefined();
  });
});
