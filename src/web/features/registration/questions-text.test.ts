import { describe, expect, it } from "vitest";
import { questionsFromText, questionsToText } from "./questions-text.ts";

describe("the questions' text", () => {
  it("reads a line a question, choices after bars and a trailing star as required, and writes them back alike", () => {
    const questions = questionsFromText("Meal | Meat | Vegetarian *\n\n  Anything else?  ");
    expect(questions).toEqual([
      { id: "q1", label: "Meal", kind: "choice", options: ["Meat", "Vegetarian"], required: true },
      { id: "q2", label: "Anything else?", kind: "text", options: [], required: false },
    ]);
    expect(questionsToText(questions)).toBe("Meal | Meat | Vegetarian *\nAnything else?");
  });
});
