// Surveys: what other code may use of this feature.
export { surveyDashboard } from "./survey.dashboard.ts";
export { REMIND_BEFORE_HOURS, SURVEY_MAIL_JOB, SurveyMail } from "./survey-mail.ts";
export { SurveyRepository } from "./survey.repository.ts";
export { respondentKeys } from "./survey-keys.ts";
export { SurveyService, type SurveyDeps } from "./survey.service.ts";
export { registerSurveyRoutes } from "./survey.routes.ts";
