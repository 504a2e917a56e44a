// Checking people in at an event's door, for the event's organizers: by name from the list, or with the code of the
// registration's QR code; a check-in made offline comes later with the time it was made.
import { timingSafeEqual } from "node:crypto";
import { requireUser, type CurrentUser } from "#server/auth/session.ts";
import { Conflict, Validation } from "#server/errors.ts";
import { invalidInput } from "#server/validation.ts";
import { CheckInInputSchema, checkInMessages, type CheckIn } from "#shared/schemas/check-in.ts";
import type { CheckInRepository } from "./check-in.repository.ts";
import type { StoredRegistration } from "./registration.repository.ts";
import type { RegistrationService } from "./registration.service.ts";

export interface CheckInDeps {
  registrations: Pick<RegistrationService, "forOrganizer">;
  now?: () => Date;
}

function sameCode(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function toCheckIn(registration: StoredRegistration, checkedInAt: string | null, alreadyCheckedIn: boolean): CheckIn {
  const { id, eventId, occurrenceDate: date, name, partySize } = registration;
  return { id, eventId, date, name, partySize, checkedInAt, alreadyCheckedIn };
}

export class CheckInService {
  private readonly repository: CheckInRepository;
  private readonly deps: CheckInDeps;
  constructor(repository: CheckInRepository, deps: CheckInDeps) {
    this.repository = repository;
    this.deps = deps;
  }

  /**
   * Checks a confirmed registration in at `at` (the time the phone made the check-in; never later than now). A second
   * check-in changes nothing and answers the first one's time.
   */
  async checkIn(viewer: CurrentUser | null, id: string, input: unknown): Promise<CheckIn> {
    const registration = await this.deps.registrations.forOrganizer(requireUser(viewer), id);
    const parsed = CheckInInputSchema.safeParse(input ?? {});
    if (!parsed.success) throw invalidInput(parsed.error.issues, checkInMessages.atInvalid);
    const { code, at } = parsed.data;
    if (code !== undefined && !sameCode(code, registration.checkInCode)) throw Validation(checkInMessages.codeMismatch, { code: checkInMessages.codeMismatch });
    if (registration.status === "cancelled") throw Conflict(checkInMessages.cancelled(registration.name));
    if (registration.status === "waitlisted") throw Conflict(checkInMessages.waitlisted(registration.name));
    if (registration.status === "pending-confirmation") throw Conflict(checkInMessages.unconfirmed(registration.name));
    const now = this.deps.now?.() ?? new Date();
    const made = at && new Date(at).getTime() < now.getTime() ? new Date(at) : now;
    const { checkedInAt, recorded } = await this.repository.checkIn(id, made.toISOString());
    return toCheckIn(registration, checkedInAt, !recorded);
  }

  /** Takes a check-in back (a tap on the wrong name); nothing to take back is no error. */
  async undo(viewer: CurrentUser | null, id: string): Promise<CheckIn> {
    const registration = await this.deps.registrations.forOrganizer(requireUser(viewer), id);
    await this.repository.undo(id);
    return toCheckIn(registration, null, false);
  }
}
