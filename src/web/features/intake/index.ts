// The intake feature's public face: the membership intake form and what sending it answers.
export { IntakeForm, sendIntake, type IntakeActionData } from "./intake-form.tsx";
