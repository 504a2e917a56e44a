// Registration for events in the browser: what other features use (the event forms' "Registration" section).
export { EventRegistrationWidget, OwnerEventRegistrationWidget } from "./event-registration-section.tsx";
export { readRegistrationSection, REGISTRATION_FIELD, registrationSaved, registrationSavedText, saveRegistrationSection } from "./event-registration-save.ts";
