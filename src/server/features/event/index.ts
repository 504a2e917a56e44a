// Events and event series: what other code may use of this feature.
export { EventRepository, type OccurrenceChange, type StoredEvent } from "./event.repository.ts";
export { EventService } from "./event.service.ts";
export { withLocations } from "./event-locations.ts";
export { movedOntoAnother } from "./event-series.ts";
export { registerEventRoutes } from "./event.routes.ts";
