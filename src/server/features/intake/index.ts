// Submissions of the intake form: what other code may use of this feature.
export { IntakeRepository } from "./intake.repository.ts";
export { IntakeService } from "./intake.service.ts";
export { registerIntakeRoutes } from "./intake.routes.ts";
