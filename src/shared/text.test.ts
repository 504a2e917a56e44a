import { describe, expect, it } from "vitest";
import { singleLine } from "./text.ts";

describe("singleLine", () => {
  it("removes NUL, other control characters and bidirectional overrides and isolates", () => {
    expect(singleLine("Caf\u00e9\u0000 Bar\u0007")).toBe("Caf\u00e9 Bar");
    expect(singleLine("invoice\u202Efdp.exe")).toBe("invoicefdp.exe");
    expect(singleLine("\u2066a\u2069\u202Ab\u202C\u0085\u009B")).toBe("ab");
  });

  it("turns line breaks and tabs into single spaces and keeps every other letter, emoji and accent", () => {
    expect(singleLine("Main\r\n\tStreet")).toBe("Main Street");
    expect(singleLine("Zoë 🍕 \u0645\u0637\u0639\u0645 \u05d0")).toBe("Zoë 🍕 \u0645\u0637\u0639\u0645 \u05d0");
  });
});
