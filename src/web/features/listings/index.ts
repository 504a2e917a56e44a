// Listings that stay current: "Suggest an edit", the owner's check, suggestions for owners and administrators, stale listings.
export { CheckedByOwner, SuggestEdit } from "./suggest-edit.tsx";
