import { describe, expect, it } from "vitest";
import { undoneMessage, undoQuestion } from "./import-format.ts";

describe("what the import screen says about undo", () => {
  it("tells an administrator undoing a calendar import that events changed since are kept, and counts them as events", () => {
    expect(undoQuestion("events", "town.ics")).toBe(
      "Undo the import of town.ics? Events it added are deleted and those it changed get their earlier details back; what was changed after the import is kept.",
    );
    expect(undoneMessage("events", 1)).toBe("Import undone, except what changed after it: 1 event keeps later changes (listed below).");
    expect(undoneMessage("events", 3)).toBe("Import undone, except what changed after it: 3 events keep later changes (listed below).");
    expect(undoneMessage("events", 0)).toBe("Import undone: the events are as they were before it.");
  });

  it("says the same of businesses for a CSV import", () => {
    expect(undoQuestion("businesses", "members.csv")).toBe(
      "Undo the import of members.csv? Businesses it added are deleted and those it changed get their earlier details back; what was changed after the import is kept.",
    );
    expect(undoneMessage("businesses", 1)).toBe("Import undone, except what changed after it: 1 business keeps later changes (listed below).");
    expect(undoneMessage("businesses", 2)).toBe("Import undone, except what changed after it: 2 businesses keep later changes (listed below).");
    expect(undoneMessage("businesses", 0)).toBe("Import undone: the businesses are as they were before it.");
  });
});
