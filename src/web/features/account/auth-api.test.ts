import { describe, expect, it } from "vitest";
import { safeReturnPath } from "./auth-api.ts";

const ORIGIN = "https://niche.example";

describe("safeReturnPath: where a sign-in may return to", () => {
  it("keeps a path on the site, with its query and fragment", () => {
    expect(safeReturnPath("/business/abc", ORIGIN)).toBe("/business/abc");
    expect(safeReturnPath("/myqsa/intake?step=2#contact", ORIGIN)).toBe("/myqsa/intake?step=2#contact");
    expect(safeReturnPath(`${ORIGIN}/myaccount`, ORIGIN)).toBe("/myaccount");
    // Percent-encoded slashes stay inside the path, where they lead nowhere else.
    expect(safeReturnPath("/%2F%2Fevil.example", ORIGIN)).toBe("/%2F%2Fevil.example");
  });

  it("refuses what a browser would send to another host", () => {
    const refused = [
      "//evil.example/phish",
      "/\t/evil.example/phish",
      "/\n/evil.example/phish",
      "/\r\n/evil.example/phish",
      "\t//evil.example",
      " //evil.example",
      "/\\evil.example",
      "/\\\\evil.example",
      "\\\\evil.example",
      "/\\/evil.example",
      "https://evil.example/phish",
      "http://niche.example/",
      "https://niche.example.evil.example/",
      "javascript:alert(1)",
      "data:text/html,hi",
      "/\u0000/evil.example",
      "/\u0085/evil.example",
      // Dot segments that resolve on the site to a path starting "//", which as an address names another host.
      "/.//evil.example/x",
      "/..//evil.example",
      "/a/..//evil.example",
      "/%2e//evil.example",
    ];
    for (const next of refused) expect(safeReturnPath(next, ORIGIN), JSON.stringify(next)).toBeNull();
  });

  it("refuses the decoded form of an encoded address (as URLSearchParams hands it over)", () => {
    const next = (query: string) => new URLSearchParams(query).get("next");
    expect(safeReturnPath(next("next=%2F%09%2Fevil.example%2Fphish"), ORIGIN)).toBeNull();
    expect(safeReturnPath(next("next=%2F%0A%2Fevil.example"), ORIGIN)).toBeNull();
    expect(safeReturnPath(next("next=%2F%5Cevil.example"), ORIGIN)).toBeNull();
    expect(safeReturnPath(next("next=%2F%2Fevil.example"), ORIGIN)).toBeNull();
    expect(safeReturnPath(next("next=https%3A%2F%2Fevil.example"), ORIGIN)).toBeNull();
    expect(safeReturnPath(next("next=%2Fbusiness%2Fabc"), ORIGIN)).toBe("/business/abc");
  });

  it("has nothing to return to without a `next`", () => {
    expect(safeReturnPath(null, ORIGIN)).toBeNull();
    expect(safeReturnPath("", ORIGIN)).toBeNull();
  });
});
