// The signed-in person's notification preferences: read and changed by themselves only.
import { requireUser, type CurrentUser } from "#server/auth/session.ts";
import { invalidInput } from "#server/validation.ts";
import {
  NotificationPreferencesInputSchema,
  notificationMessages,
  type NotificationPreferences,
  type NotificationPreferencesInput,
} from "#shared/schemas/notification-preferences.ts";
import type { NotificationPreferenceRepository } from "./notification-preference.repository.ts";

export class NotificationPreferenceService {
  private readonly repository: NotificationPreferenceRepository;
  constructor(repository: NotificationPreferenceRepository) {
    this.repository = repository;
  }

  get(viewer: CurrentUser | null): Promise<NotificationPreferences> {
    return this.repository.get(requireUser(viewer).id);
  }

  /** Sets the kinds given; an unknown choice is refused beside its kind. */
  async update(viewer: CurrentUser | null, input: NotificationPreferencesInput): Promise<NotificationPreferences> {
    const user = requireUser(viewer);
    const parsed = NotificationPreferencesInputSchema.safeParse(input);
    if (!parsed.success) throw invalidInput(parsed.error.issues, notificationMessages.invalid);
    await this.repository.set(user.id, parsed.data);
    return this.repository.get(user.id);
  }
}
