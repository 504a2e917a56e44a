// Announcements on the web: what other features may use of this one.
export { AttachmentsField } from "./attachments-field.tsx";
