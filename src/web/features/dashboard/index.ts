// The member's dashboard and the onboarding steps: what pages may use of this feature.
export { SectionCard, TaskList } from "./dashboard-sections.tsx";
export { OnboardingStepList, OnboardingStepBody } from "./onboarding-steps.tsx";
