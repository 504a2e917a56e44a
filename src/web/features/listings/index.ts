// Listings that stay current: "Suggest an edit", the owner's check, suggestions for owners and administrators, stale listings.
export { CheckedByOwner, SuggestEdit } from "./suggest-edit.tsx";
export { SuggestionCard } from "./suggestion-card.tsx";
export { loadSuggestions, suggestionAction, VisitorSuggestions } from "./visitor-suggestions.tsx";
export { loadMySuggestions, OwnerSuggestions, prefillFrom, prefillHref, type Prefill } from "./owner-suggestions.tsx";
