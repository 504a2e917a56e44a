// A respondent's answers checked against the survey's questions, each refusal keyed by its question (`answers.<id>`),
// and the results: counts and shares per choice and rating, averages of ratings and numbers, texts and dates listed.
import { surveyMessages as m, isChoiceKind, type AnswerValue, type Question, type QuestionResult } from "#shared/schemas/survey.ts";
import type { Answers } from "./survey.repository.ts";

const TEXT_MAX = 5000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const isBlank = (value: AnswerValue | undefined) => value === undefined || value === null || (typeof value === "string" && value.trim() === "") || (Array.isArray(value) && value.length === 0);

function isDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** The answers kept (only the survey's questions, normalised), or the refusals by field. */
export function checkAnswers(questions: readonly Question[], given: Answers): { ok: true; answers: Answers } | { ok: false; fields: Record<string, string> } {
  const answers: Answers = {};
  const fields: Record<string, string> = {};
  for (const question of questions) {
    const value = given[question.id];
    const field = `answers.${question.id}`;
    if (isBlank(value)) {
      if (question.required) fields[field] = m.answerRequired;
      continue;
    }
    const refusal = (message: string) => (fields[field] = message);
    switch (question.kind) {
      case "oneChoice":
        if (typeof value !== "string" || !question.options.includes(value)) refusal(m.choiceInvalid);
        else answers[question.id] = value;
        break;
      case "severalChoices": {
        const list = Array.isArray(value) ? value : [value];
        if (list.some((v) => typeof v !== "string" || !question.options.includes(v))) refusal(m.choiceInvalid);
        // In the question's order, each once.
        else answers[question.id] = question.options.filter((o) => (list as string[]).includes(o));
        break;
      }
      case "rating": {
        const n = typeof value === "string" ? Number(value.trim()) : value;
        if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > 5) refusal(m.ratingInvalid);
        else answers[question.id] = n;
        break;
      }
      case "number": {
        const n = typeof value === "string" && /^\s*-?(\d+([.,]\d*)?|[.,]\d+)\s*$/.test(value) ? Number(value.trim().replace(",", ".")) : value;
        if (typeof n !== "number" || !Number.isFinite(n)) refusal(m.numberInvalid);
        else answers[question.id] = n;
        break;
      }
      case "date":
        if (typeof value !== "string" || !isDate(value.trim())) refusal(m.dateInvalid);
        else answers[question.id] = value.trim();
        break;
      case "shortText":
      case "longText":
        if (typeof value !== "string") refusal(m.answerRequired);
        else if (value.length > TEXT_MAX) refusal(m.textTooLong);
        else answers[question.id] = question.kind === "shortText" ? value.replace(/\s+/g, " ").trim() : value.trim();
        break;
    }
  }
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, answers };
}

const percent = (count: number, of: number) => (of === 0 ? 0 : Math.round((count / of) * 1000) / 10);

/** One question's results over every answer. */
export function questionResult(question: Question, all: readonly Answers[]): QuestionResult {
  const values = all.map((a) => a[question.id]).filter((v): v is Exclude<AnswerValue, null> => !isBlank(v));
  const answered = values.length;
  const base = { id: question.id, label: question.label, kind: question.kind, answered, counts: [], average: null, texts: [] };
  if (isChoiceKind(question.kind)) {
    const chosen = values.flatMap((v) => (Array.isArray(v) ? v : [String(v)]));
    return { ...base, counts: question.options.map((label) => ({ label, count: chosen.filter((c) => c === label).length, percent: percent(chosen.filter((c) => c === label).length, answered) })) };
  }
  if (question.kind === "rating" || question.kind === "number") {
    const numbers = values.map(Number).filter(Number.isFinite);
    const average = numbers.length ? Math.round((numbers.reduce((a, b) => a + b, 0) / numbers.length) * 100) / 100 : null;
    const counts = question.kind === "rating" ? [1, 2, 3, 4, 5].map((r) => ({ label: String(r), count: numbers.filter((n) => n === r).length, percent: percent(numbers.filter((n) => n === r).length, answered) })) : [];
    return { ...base, counts, average };
  }
  return { ...base, texts: values.map(String) };
}

/** An answer as one CSV cell: several choices joined by "; ". */
export function answerCell(value: AnswerValue | undefined): string {
  if (value === undefined || value === null) return "";
  return Array.isArray(value) ? value.join("; ") : String(value);
}
