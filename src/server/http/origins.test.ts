import { describe, expect, it } from "vitest";
import { createOriginPolicy, isTrustedOrigin, originSettingsFromEnv } from "./origins.ts";
import { parseEnv } from "../env.ts";

const unset = originSettingsFromEnv(parseEnv({ PORT: "3000" }));
const published = originSettingsFromEnv(parseEnv({ PUBLIC_URL: "https://downtown.example.org/", TRUSTED_ORIGINS: "https://admin.example.org" }));

describe("which origins the site trusts", () => {
  it("with PUBLIC_URL unset: every loopback address on every port, and nothing else", () => {
    for (const origin of ["http://localhost:3000", "http://127.0.0.1:3000", "http://127.0.0.1:8080", "http://[::1]:3000", "http://localhost", "https://localhost:4443"]) {
      expect(isTrustedOrigin(origin, unset), origin).toBe(true);
    }
    for (const origin of ["http://192.168.1.20:3000", "https://example.org", "http://localhost.example.org:3000", "null", "", "file://localhost"]) {
      expect(isTrustedOrigin(origin, unset), origin).toBe(false);
    }
    expect(unset.siteAddress).toBe("http://localhost:3000");
  });

  it("with PUBLIC_URL set: that origin and TRUSTED_ORIGINS only, loopback no longer", () => {
    expect(isTrustedOrigin("https://downtown.example.org", published)).toBe(true);
    expect(isTrustedOrigin("https://admin.example.org", published)).toBe(true);
    expect(isTrustedOrigin("http://downtown.example.org", published)).toBe(false);
    expect(isTrustedOrigin("http://localhost:3000", published)).toBe(false);
    expect(isTrustedOrigin("http://127.0.0.1:3000", published)).toBe(false);
  });

  it("warns once per refused origin, naming it and the site's address", () => {
    const warnings: { data: object; message: string }[] = [];
    const policy = createOriginPolicy(published, { warn: (data, message) => warnings.push({ data, message }) });
    expect(policy.isTrusted("http://localhost:3000")).toBe(false);
    expect(policy.isTrusted("http://localhost:3000")).toBe(false);
    expect(policy.isTrusted("https://downtown.example.org")).toBe(true);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toContain("http://localhost:3000");
    expect(warnings[0]!.message).toContain("https://downtown.example.org");
  });
});
