// Surveys: what administrators build (questions of seven kinds), what a respondent sends, and what members, visitors
// and administrators are shown of a survey and its results.
import { z } from "zod";
import { checkbox, jsonListInput, optionalTimestamp } from "./content-input.ts";
import { singleLine } from "../text.ts";
import { keyed, type EntityView } from "./entity.ts";

export const surveyMessages = {
  required: "Title and at least one question are required.",
  titleRequired: "Title is required.",
  opensInvalid: "Opens must be a date and time.",
  closesInvalid: "Closes must be a date and time.",
  closesBeforeOpens: "Closes must be after Opens.",
  openNeedsClose: "An open survey needs a closing date and time.",
  questionsInvalid: "Give each question a text and a kind; choices need at least two options.",
  questionsRequired: "Add at least one question.",
  kindLocked: (n: number, label: string) => `Question ${n} (${label}) cannot change kind: the survey already has answers.`,
  kindLockedNote: "The survey has answers: the kind of a question cannot change.",
  mustBeLoggedIn: "You must be signed in to see this survey.",
  notMember: "This survey is for members: the owners of member businesses.",
  notFound: "Survey not found.",
  notOpen: "This survey is not open: answers are closed.",
  notOpenYet: "This survey is not open yet.",
  alreadyAnswered: "You have already answered this survey.",
  anonymousFinal: "You have already answered this survey. Answers to an anonymous survey cannot be changed.",
  answerRequired: "This question needs an answer.",
  ratingInvalid: "Choose a rating from 1 to 5.",
  numberInvalid: "Give a number, such as 12 or 3.5.",
  dateInvalid: "Give a date, such as 2026-05-31.",
  choiceInvalid: "Choose one of the options.",
  textTooLong: "Keep the answer under 5,000 characters.",
  fixAnswers: "Some answers need your attention.",
  emailInvalid: "Give your e-mail address, such as name@example.com: we send you a link to confirm your answer.",
  proofOfWork: "Your browser could not prove it is not a robot. Try again.",
  saved: "Thank you: your answer is saved.",
  changed: "Your answer is changed.",
  checkMail: "Check your e-mail: your answer counts once you open the link we sent. If this address already answered, the link says so.",
  confirmed: "Thank you: your answer is confirmed and counted.",
  confirmedBefore: "This address has already answered this survey: the answer given first is the one counted.",
  confirmInvalid: "This confirmation link is not valid or has expired. Answer the survey again to get a new one.",
  resultsHidden: "The results are shown to those who answered, once the survey closes.",
} as const;

export const QUESTION_KINDS = ["oneChoice", "severalChoices", "rating", "number", "date", "shortText", "longText"] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  oneChoice: "One choice",
  severalChoices: "Several choices",
  rating: "Rating 1–5",
  number: "Number",
  date: "Date",
  shortText: "Short text",
  longText: "Long text",
};
export const isChoiceKind = (kind: QuestionKind) => kind === "oneChoice" || kind === "severalChoices";

export const SURVEY_STATUSES = ["draft", "open", "closed"] as const;
export type SurveyStatus = (typeof SURVEY_STATUSES)[number];
export const SURVEY_AUDIENCES = ["members", "public"] as const;
export type SurveyAudience = (typeof SURVEY_AUDIENCES)[number];
/** Where a survey stands now: its status, with an open one's dates read against the clock. */
export type SurveyState = "draft" | "scheduled" | "open" | "closed";
export const SURVEY_STATE_LABELS: Record<SurveyState, string> = { draft: "Draft", scheduled: "Not open yet", open: "Open", closed: "Closed" };

export const QuestionSchema = z.object({
  /** Kept from save to save, so answers stay tied to their question; a new question gets one when saved. */
  id: z.string().max(40).regex(/^[A-Za-z0-9_-]*$/).optional(),
  kind: z.enum(QUESTION_KINDS),
  label: z.string().overwrite(singleLine).trim().min(1).max(500),
  help: z.string().max(1000).nullish().transform((v) => v?.trim() ?? ""),
  required: z.boolean().default(false),
  options: z.array(z.string().overwrite(singleLine).trim().min(1).max(200)).max(30).default([]),
});
export type QuestionInput = z.input<typeof QuestionSchema>;
export interface Question {
  id: string;
  kind: QuestionKind;
  label: string;
  help: string;
  required: boolean;
  options: string[];
}

/** The form sends the questions as one JSON field; API clients send the list itself. */
export const QuestionsFieldSchema = z.preprocess(
  jsonListInput,
  z
    .array(QuestionSchema, { error: surveyMessages.questionsInvalid })
    .min(1, { error: surveyMessages.questionsRequired })
    .max(50)
    .superRefine((questions, ctx) => {
      if (questions.some((q) => isChoiceKind(q.kind) && q.options.length < 2)) ctx.addIssue({ code: "custom", message: surveyMessages.questionsInvalid });
    }),
);

export const SurveyInputSchema = z
  .object({
    title: z.string({ error: surveyMessages.titleRequired }).overwrite(singleLine).trim().min(1, { error: surveyMessages.titleRequired }).max(200),
    description: z
      .string()
      .max(5000)
      .nullish()
      .transform((v) => v?.trim() ?? ""),
    status: z.enum(SURVEY_STATUSES).default("draft"),
    opensAt: optionalTimestamp(surveyMessages.opensInvalid),
    closesAt: optionalTimestamp(surveyMessages.closesInvalid),
    audience: z.enum(SURVEY_AUDIENCES).default("members"),
    anonymous: checkbox,
    showResults: checkbox,
    questions: QuestionsFieldSchema,
  })
  .superRefine((value, ctx) => {
    if (value.opensAt && value.closesAt && value.closesAt <= value.opensAt) ctx.addIssue({ code: "custom", path: ["closesAt"], message: surveyMessages.closesBeforeOpens });
    if (value.status === "open" && !value.closesAt) ctx.addIssue({ code: "custom", path: ["closesAt"], message: surveyMessages.openNeedsClose });
  });
export type SurveyInput = z.input<typeof SurveyInputSchema>;

/** One answer: a choice, several, a rating or a number, a date (YYYY-MM-DD) or a text. */
export const AnswerValueSchema = z.union([z.string().max(20_000), z.number(), z.array(z.string().max(500)).max(30), z.null()]);
export type AnswerValue = z.infer<typeof AnswerValueSchema>;

/** What a respondent sends: answers by question id; a public survey also takes the proof of work, and a visitor's address. */
export const ResponseInputSchema = z.object({
  answers: z.record(z.string().max(40), AnswerValueSchema, { error: surveyMessages.fixAnswers }),
  altcha: z.string().max(20_000).optional(),
  email: z.string().max(254).optional(),
});
export type ResponseInput = z.input<typeof ResponseInputSchema>;

export const ResponseOutcomeSchema = z.object({ status: z.enum(["saved", "changed", "pending"]), message: z.string() });
export type ResponseOutcome = z.infer<typeof ResponseOutcomeSchema>;
export const ConfirmInputSchema = z.object({ token: z.string().min(1).max(200) });
export const ConfirmOutcomeSchema = z.object({ status: z.enum(["confirmed", "already"]), message: z.string() });
export type ConfirmOutcome = z.infer<typeof ConfirmOutcomeSchema>;

const QuestionViewSchema = z.object({
  id: z.string(),
  kind: z.enum(QUESTION_KINDS),
  label: z.string(),
  help: z.string(),
  required: z.boolean(),
  options: z.array(z.string()),
});

export const SurveySummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  state: z.enum(["draft", "scheduled", "open", "closed"]),
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  audience: z.enum(SURVEY_AUDIENCES),
  anonymous: z.boolean(),
  showResults: z.boolean(),
  questionCount: z.number().int(),
  /** Whether the signed-in person has answered; null for a visitor not signed in. */
  answered: z.boolean().nullable(),
});
export type SurveySummary = z.infer<typeof SurveySummarySchema>;

export const SurveyDetailSchema = SurveySummarySchema.extend({
  questions: z.array(QuestionViewSchema),
  /** The person's own answers, to change them: named surveys only (an anonymous one keeps none tied to anyone). */
  myAnswers: z.record(z.string(), AnswerValueSchema).nullable(),
  /** Whether the person may answer (or change the answer) now. */
  canAnswer: z.boolean(),
  /** Whether the results may be read by this person now. */
  resultsAvailable: z.boolean(),
});
export type SurveyDetail = z.infer<typeof SurveyDetailSchema>;

export const AdminSurveySchema = SurveyDetailSchema.extend({
  status: z.enum(SURVEY_STATUSES),
  responseCount: z.number().int(),
  editorUid: z.string().nullable(),
  createdAt: z.string(),
  lastUpdatedAt: z.string(),
});
export type AdminSurvey = z.infer<typeof AdminSurveySchema>;

export const QuestionResultSchema = z.object({
  id: z.string(),
  label: z.string(),
  kind: z.enum(QUESTION_KINDS),
  /** How many answered this question. */
  answered: z.number().int(),
  /** Choices and ratings: each with its count and its share of those who answered (0–100, rounded to one decimal). */
  counts: z.array(z.object({ label: z.string(), count: z.number().int(), percent: z.number() })),
  /** Ratings and numbers. */
  average: z.number().nullable(),
  /** Texts and dates, as given. */
  texts: z.array(z.string()),
});
export type QuestionResult = z.infer<typeof QuestionResultSchema>;
export const SurveyResultsSchema = z.object({ id: z.string(), title: z.string(), responses: z.number().int(), questions: z.array(QuestionResultSchema) });
export type SurveyResults = z.infer<typeof SurveyResultsSchema>;

/** The Surveys tab's form; times are the site's, as every admin form's. */
export const surveyView: EntityView = {
  key: "survey",
  singular: "Survey",
  plural: "Surveys",
  required: surveyMessages.required,
  fields: keyed("survey", {
    title: { label: "Title", widget: "text", maxLength: 200 },
    description: { label: "Description", widget: "textarea", rows: 3, maxLength: 5000 },
    status: {
      label: "Status",
      widget: "select",
      initial: "draft",
      options: [
        { value: "draft", label: "Draft" },
        { value: "open", label: "Open (between Opens and Closes)" },
        { value: "closed", label: "Closed" },
      ],
    },
    opensAt: { label: "Opens", widget: "datetime" },
    closesAt: { label: "Closes", widget: "datetime" },
    audience: {
      label: "Who may answer",
      widget: "radio",
      initial: "members",
      options: [
        { value: "members", label: "Members" },
        { value: "public", label: "Anyone (public)" },
      ],
    },
    anonymous: { label: "Anonymous: answers are never linked to a person", widget: "checkbox" },
    showResults: { label: "Show results to respondents after closing", widget: "checkbox" },
    questions: { label: "Questions", widget: "questions" },
  }),
};

export const surveyPath = (id: string) => `/myqsa/surveys/${encodeURIComponent(id)}`;
