import { describe, expect, it } from "vitest";
import { makeStorable, singleLine, storableText } from "./text.ts";

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

describe("storableText", () => {
  it("drops NUL and replaces lone surrogates, keeping pairs, line breaks and every other character", () => {
    expect(storableText("a\u0000b\nc\u202E")).toBe("ab\nc\u202E");
    expect(storableText("\ud800x\udfff 😀 \ud83d")).toBe("\ufffdx\ufffd 😀 \ufffd");
  });

  it("cleans every string of a parsed body in place, however deep", () => {
    const body = { name: "x\u0000", list: ["\ud800", 1, { deep: "\u0000y" }], keep: null, count: 3 };
    expect(makeStorable(body)).toBe(body);
    expect(body).toEqual({ name: "x", list: ["\ufffd", 1, { deep: "y" }], keep: null, count: 3 });
    const deep = JSON.parse(`${"[".repeat(50_000)}"\\u0000z"${"]".repeat(50_000)}`) as unknown;
    let innermost = makeStorable(deep);
    for (let depth = 0; depth < 50_000; depth++) innermost = (innermost as unknown[])[0];
    expect(innermost).toBe("z");
  });
});
