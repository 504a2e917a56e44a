import { describe, expect, it } from "vitest";
import { jsonListField } from "./json-list-field.ts";

describe("a form field's JSON list", () => {
  it("reads the list as sent back in a refused submit, or as stored", () => {
    expect(jsonListField('[{"kind":"facebook","url":"https://facebook.com/x"}]')).toEqual([{ kind: "facebook", url: "https://facebook.com/x" }]);
    expect(jsonListField([{ path: "a.webp", alt: "" }])).toEqual([{ path: "a.webp", alt: "" }]);
  });

  it("takes anything else as no items", () => {
    expect(jsonListField("not json")).toEqual([]);
    expect(jsonListField('{"kind":"facebook"}')).toEqual([]);
    expect(jsonListField(undefined)).toEqual([]);
    expect(jsonListField(null)).toEqual([]);
  });
});
