// What the hours editor starts from: the saved hours as they come, JSON text sent back after a refused sending, or a
// copy that left out empty lists and nulls (an exception closed all day then has no hours at all).
import { describe, expect, it } from "vitest";
import { initialDraft } from "./hours-editor.tsx";

describe("the hours editor's starting hours", () => {
  it("reads an exception without hours as closed that day, and keeps closed days apart from days not given", () => {
    const draft = initialDraft({ week: { mo: [{ open: "09:00", close: "17:00" }], sa: [] }, exceptions: [{ from: "2026-12-25", note: "Christmas" }] });
    expect(draft.exceptions).toEqual([{ from: "2026-12-25", to: null, intervals: [], note: "Christmas" }]);
    expect([draft.week.mo, draft.week.sa, draft.week.su]).toEqual([[{ open: "09:00", close: "17:00" }], [], null]);
    expect(draft.closedOnPublicHolidays).toBe(false);
  });

  it("reads the JSON text a refused sending sends back, and nothing else", () => {
    const text = JSON.stringify({ week: { tu: [] }, exceptions: [{ from: "2027-01-01", to: "2027-01-02", intervals: [{ open: "10:00", close: "14:00" }], note: null }], closedOnPublicHolidays: true });
    const draft = initialDraft(text);
    expect(draft.exceptions[0]).toEqual({ from: "2027-01-01", to: "2027-01-02", intervals: [{ open: "10:00", close: "14:00" }], note: null });
    expect([draft.week.tu, draft.closedOnPublicHolidays]).toEqual([[], true]);
    expect(initialDraft("Mo-Fr 09:00-17:00").exceptions).toEqual([]);
    expect(initialDraft(null).week.mo).toBeNull();
  });
});
