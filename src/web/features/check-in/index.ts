// Checking people in at an event's door: what routes may use of this feature.
export { CheckInPage, type CheckInPageData } from "./check-in-page.tsx";
