// Who organizes an event: administrators, and the owners of the business hosting it (the event's location). Only they
// see names and e-mails of registrations, change the settings, check people in and message them.
import { requireUser, type CurrentUser } from "#server/auth/session.ts";
import { Forbidden, NotFound } from "#server/errors.ts";
import { OUTDOOR_LOCATION } from "#shared/constants.ts";
import { registrationMessages } from "#shared/schemas/registration.ts";
import type { Event } from "#shared/schemas/event.ts";

export interface OrganizerDeps {
  /** The event as stored (a series once), or undefined. */
  findEvent: (id: string) => Promise<Event | undefined>;
  isOwner: (userId: string, businessId: string) => Promise<boolean>;
}

/** Whether the person organizes the event: an administrator, or an owner of its host business. */
export async function isEventOrganizer(deps: Pick<OrganizerDeps, "isOwner">, viewer: CurrentUser | null, event: Pick<Event, "location">): Promise<boolean> {
  if (!viewer) return false;
  if (viewer.role === "admin") return true;
  return event.location !== OUTDOOR_LOCATION && (await deps.isOwner(viewer.id, event.location));
}

/**
 * The event, when the person organizes it: someone not signed in is told to sign in (401), anyone else is refused
 * (403); an unknown event is 404 for everyone.
 */
export async function requireEventOrganizer(deps: OrganizerDeps, viewer: CurrentUser | null, eventId: string): Promise<Event> {
  const user = requireUser(viewer);
  const event = await deps.findEvent(eventId);
  if (!event) throw NotFound(registrationMessages.eventNotFound);
  if (!(await isEventOrganizer(deps, user, event))) throw Forbidden(registrationMessages.notOrganizer);
  return event;
}
