// The volunteering pages' parts: what routes may use of this feature.
export { placesText, ShiftActions, ShiftFacts, ShiftHeading } from "./shift-item.tsx";
export { Roster } from "./roster.tsx";
export { ShiftsEditor } from "./shifts-editor.tsx";
