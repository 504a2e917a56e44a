// The members' meetings pages' parts: what routes may use of this feature.
export { countsText, MeetingBadges, MeetingFacts } from "./meeting-facts.tsx";
export { PrivateCalendar } from "./private-calendar.tsx";
export { RsvpForm } from "./rsvp-form.tsx";
export { AttachFileForm, MeetingFiles } from "./meeting-files.tsx";
