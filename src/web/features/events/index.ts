// The events feature's public face: event cards, calendar links, JSON-LD, occurrences and the repeat rule.
export { googleCalendarUrl } from "./calendar-links.ts";
export { toEventCard, type EventCardData } from "./event-card-data.ts";
export { EventCard } from "./event-card.tsx";
export { eventJsonLd } from "./event-json-ld.ts";
export { errorStatus, refusal, type OccurrenceActionData } from "./occurrence-result.ts";
export { RepeatRuleWidget } from "./repeat-rule-field.tsx";
export { ruleInWords } from "./repeat-rule.ts";
export { SubscribeControl } from "./subscribe-control.tsx";
