// The association's moderation settings: which owners' changes are approved at once, and where new requests are announced.
import { requireRole, type CurrentUser } from "#server/auth/session.ts";
import type { AuditRecorder } from "#server/features/audit/index.ts";
import { invalidInput } from "#server/validation.ts";
import { ModerationSettingsSchema, type ModerationSettings } from "#shared/schemas/owners.ts";
import type { ModerationSettingsRepository } from "./moderation-settings.repository.ts";

export class ModerationSettingsService {
  private readonly deps: { repository: ModerationSettingsRepository; audit: AuditRecorder };
  constructor(deps: { repository: ModerationSettingsRepository; audit: AuditRecorder }) {
    this.deps = deps;
  }

  async get(viewer: CurrentUser | null): Promise<ModerationSettings> {
    requireRole(viewer, "admin");
    return this.deps.repository.get();
  }

  async save(viewer: CurrentUser | null, input: ModerationSettings): Promise<ModerationSettings> {
    const admin = requireRole(viewer, "admin");
    const parsed = ModerationSettingsSchema.safeParse(input);
    if (!parsed.success) throw invalidInput(parsed.error.issues, "The settings are not valid.");
    await this.deps.repository.save(parsed.data);
    await this.deps.audit.record(admin, { action: "update", entityType: "settings", entityId: "moderation", summary: "Request approval settings" });
    return this.deps.repository.get();
  }
}
