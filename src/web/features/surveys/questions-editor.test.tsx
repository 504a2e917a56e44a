// @vitest-environment jsdom
// The builder's questions: sent as one JSON list in the order shown, moved by buttons that name the question, and a
// question of a survey that has answers keeps its kind (its picker is fixed, and says why).
import { describe, expect, it } from "vitest";
import { click, getButton, render } from "#tests/setup/dom.ts";
import type { FieldWidgetProps } from "#web/components/ui/entity-fields.tsx";
import { QuestionsEditor } from "./questions-editor.tsx";

const props = (initialValue: unknown): FieldWidgetProps =>
  ({ name: "questions", label: "Questions", initialValue, errorId: "questions-error", errors: undefined, values: {}, timeZone: "America/Toronto", meta: {} }) as unknown as FieldWidgetProps;

const sent = (page: HTMLElement) => JSON.parse(page.querySelector<HTMLInputElement>('input[name="questions"]')!.value) as Array<{ id: string; label: string; kind: string; options: string[] }>;

describe("QuestionsEditor", () => {
  const saved = [
    { id: "a", kind: "oneChoice", label: "Colour", help: "", required: true, options: ["Red", "Blue"] },
    { id: "b", kind: "number", label: "Staff", help: "", required: false, options: [] },
  ];

  it("sends the questions as shown, and moves one down by the button that names it", async () => {
    const page = await render(<QuestionsEditor {...props(JSON.stringify(saved))} />);
    expect(sent(page).map((q) => q.label)).toEqual(["Colour", "Staff"]);
    expect(sent(page)[0]!.options).toEqual(["Red", "Blue"]);
    expect(getButton(page, "Move up question 1 (Colour)").disabled).toBe(true);
    await click(getButton(page, "Move down question 1 (Colour)"));
    expect(sent(page).map((q) => q.id)).toEqual(["b", "a"]);
    expect(page.querySelector('[role="status"]')?.textContent).toBe("Colour is now question 2 of 2.");
  });

  it("fixes the kind of each question once the survey has answers, and says so", async () => {
    const page = await render(<QuestionsEditor {...props(JSON.stringify(saved.map((q) => ({ ...q, locked: true }))))} />);
    const kind = page.querySelector<HTMLSelectElement>('select[aria-label="Kind of question 2"]')!;
    expect(kind.disabled).toBe(true);
    expect(page.textContent).toContain("The survey has answers: the kind of a question cannot change.");
    expect(page.textContent).toContain("Fixed: the survey has answers.");
    // Nothing about the lock is sent: the server checks the kinds itself.
    expect(Object.keys(sent(page)[0]!)).not.toContain("locked");
  });
});
