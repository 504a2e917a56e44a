import type { CurrentUser } from "../../auth/session.ts";
import { requireRole } from "../../auth/session.ts";
import { AppError, Validation } from "../../errors.ts";
import { invalidInput } from "../../validation.ts";
import { pathFromUrl, type FileService } from "../../storage/file.service.ts";
import type { AuditRecorder } from "../audit/audit.service.ts";
import { messages } from "../../../shared/messages.ts";
import { SiteSettingsSchema, type SiteSettings } from "../../../shared/schemas/site-settings.ts";
import { UPLOAD_KINDS, UPLOAD_RULES, type UploadKind } from "../../../shared/upload-kinds.ts";
import { DEFAULT_SITE_SETTINGS, type SiteSettingsRepository } from "./site-settings.repository.ts";

/** What saving needs besides the row: the audit trail, and the uploads the new images are. */
export interface SiteSettingsWriteDeps {
  audit: AuditRecorder;
  files: Pick<FileService, "attach">;
}

/** The upload kind whose folder holds a stored path (profile pictures are people's own, never the site's). */
function uploadKindOf(fullPath: string): UploadKind | undefined {
  return UPLOAD_KINDS.find((kind) => kind !== "profilePicture" && fullPath.startsWith(`${UPLOAD_RULES[kind].folder}/`));
}

export class SiteSettingsService {
  private readonly repository: SiteSettingsRepository;
  private readonly deps: SiteSettingsWriteDeps | undefined;
  /** Without `deps` the settings can be read, not saved (a build for reading only, as the seed's). */
  constructor(repository: SiteSettingsRepository, deps?: SiteSettingsWriteDeps) {
    this.repository = repository;
    this.deps = deps;
  }

  /** The stored settings, or the defaults of a fresh install. */
  async get(): Promise<SiteSettings> {
    return (await this.repository.get()) ?? DEFAULT_SITE_SETTINGS;
  }

  /**
   * Replaces the settings with `input`, whole (an administrator's form sends back the lists it does not show).
   * Images newly named that are uploads are attached, so the clean-up of unused uploads leaves them alone.
   */
  async save(viewer: CurrentUser | null, input: unknown): Promise<SiteSettings> {
    const admin = requireRole(viewer, "admin");
    const deps = this.deps;
    if (!deps) throw new Error("SiteSettingsService was built without what saving needs");
    const parsed = SiteSettingsSchema.safeParse(input);
    if (!parsed.success) throw invalidInput(parsed.error.issues, messages.siteSettings.invalid);
    const settings = parsed.data;

    const current = await this.get();
    const known = new Set([...current.heroPhotos.map((p) => p.url), ...current.sponsorLogos.map((s) => s.imageUrl)]);
    const images = [
      ...settings.heroPhotos.map((photo, i) => [`heroPhotos.${i}.url`, photo.url] as const),
      ...settings.sponsorLogos.map((sponsor, i) => [`sponsorLogos.${i}.imageUrl`, sponsor.imageUrl] as const),
    ];
    for (const [field, url] of images) {
      const fullPath = known.has(url) ? null : pathFromUrl(url);
      const kind = fullPath ? uploadKindOf(fullPath) : undefined;
      if (!fullPath || !kind) continue;
      try {
        await deps.files.attach({ user: admin, kind, fullPath });
      } catch (error) {
        if (error instanceof AppError && error.status === 404) {
          throw Validation(messages.siteSettings.imageUnavailable, { [field]: messages.siteSettings.imageUnavailable });
        }
        throw error;
      }
    }

    await this.repository.save(settings);
    await deps.audit.record(admin, { action: "update", entityType: "settings", entityId: "site", summary: `Site settings: ${settings.associationName}` });
    return this.get();
  }
}
