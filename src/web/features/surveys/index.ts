// Surveys in the browser: the answer form, the results with their charts, and the builder's questions.
export { QuestionsEditor } from "./questions-editor.tsx";
export { SurveyForm } from "./survey-form.tsx";
export { SurveyResults } from "./survey-results.tsx";
export { SurveyBadges, surveyWhen } from "./survey-facts.tsx";
