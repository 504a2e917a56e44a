// The organizers' questions as the settings form's text: one question a line, a choice's options after it each after
// a "|", and a trailing "*" for a question that needs an answer ("Meal | Meat | Vegetarian *").
import type { Question } from "#shared/schemas/registration.ts";

export function questionsFromText(text: string): Question[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line, index) => {
      const required = line.endsWith("*");
      const [label = "", ...options] = (required ? line.slice(0, -1) : line).split("|").map((part) => part.trim());
      const choices = options.filter(Boolean);
      return { id: `q${index + 1}`, label, kind: choices.length > 0 ? ("choice" as const) : ("text" as const), options: choices, required };
    });
}

export function questionsToText(questions: readonly Question[]): string {
  return questions.map((q) => [q.label, ...q.options].join(" | ") + (q.required ? " *" : "")).join("\n");
}
