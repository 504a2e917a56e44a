import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { undoneMessage, undoQuestion } from "./import-format.ts";

describe("what the import screen says about undo", () => {
  it.each([
    {
      name: "tells an administrator undoing a calendar import that events changed since are kept, and counts them as events",
      items: "events",
      fileName: "town.ics",
      question: "Undo the import of town.ics? Events it added are deleted and those it changed get their earlier details back; what was changed after the import is kept.",
      undone: [
        [1, "Import undone, except what changed after it: 1 event keeps later changes (listed below)."],
        [3, "Import undone, except what changed after it: 3 events keep later changes (listed below)."],
        [0, "Import undone: the events are as they were before it."],
      ],
    },
    {
      name: "says the same of businesses for a CSV import",
      items: "businesses",
      fileName: "members.csv",
      question: "Undo the import of members.csv? Businesses it added are deleted and those it changed get their earlier details back; what was changed after the import is kept.",
      undone: [
        [1, "Import undone, except what changed after it: 1 business keeps later changes (listed below)."],
        [2, "Import undone, except what changed after it: 2 businesses keep later changes (listed below)."],
        [0, "Import undone: the businesses are as they were before it."],
      ],
    },
  ] as const)("$name", ({ items, fileName, question, undone }) => {
    const t = i18next.getFixedT("en", "manage");
    expect(undoQuestion(items, fileName, t)).toBe(question);
    for (const [count, message] of undone) expect(undoneMessage(items, count, t)).toBe(message);
  });
});
