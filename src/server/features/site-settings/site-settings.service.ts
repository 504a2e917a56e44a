import type { CurrentUser } from "#server/auth/session.ts";
import { requireRole } from "#server/auth/session.ts";
import { AppError, Validation } from "#server/errors.ts";
import { invalidInput } from "#server/validation.ts";
import { pathFromUrl, type FileService } from "#server/storage/file.service.ts";
import type { AuditRecorder } from "#server/features/audit/index.ts";
import { messages } from "#shared/messages.ts";
import { followListMoves, heroAltField, listImagesOf, SITE_TRANSLATABLE, SITE_TRANSLATED_FIELDS, SiteSettingsSchema, sponsorNameField, SiteTranslationsInputSchema, type LocalizedSiteSettings, type SiteSettings } from "#shared/schemas/site-settings.ts";
import type { Translations } from "#shared/schemas/translations.ts";
import { localizedText } from "#shared/i18n/localized-text.ts";
import type { Language } from "#shared/i18n/index.ts";
import { translationMessages, type TranslationRepository } from "#server/features/translation/index.ts";
import { UPLOAD_KINDS, UPLOAD_RULES, type UploadKind } from "#shared/upload-kinds.ts";
import { keptPerContentVersion, type ContentVersion } from "#server/lib/per-content-version.ts";
import { DEFAULT_SITE_SETTINGS, type SiteSettingsRepository } from "./site-settings.repository.ts";

/** Where the settings' texts in other languages are kept (entity type `site`, docs/decisions/0044-content-translations.md). */
export type SiteTranslationStore = Pick<TranslationRepository, "read" | "replace">;

/** The one row's id among the translations. */
const SITE_ID = "site";

/** What saving needs besides the row: the audit trail, and the uploads the images are. */
export interface SiteSettingsWriteDeps {
  audit: AuditRecorder;
  files: Pick<FileService, "attach" | "isAttachable" | "isInUse" | "release">;
}

/** The upload kind whose folder holds a stored path (profile pictures are people's own, never the site's). */
function uploadKindOf(fullPath: string): UploadKind | undefined {
  return UPLOAD_KINDS.find((kind) => kind !== "profilePicture" && fullPath.startsWith(`${UPLOAD_RULES[kind].folder}/`));
}

/** Every image the settings name, with the field that names it (as the API reports a field: `heroPhotos.0.url`). */
function imagesOf(settings: SiteSettings): Array<readonly [field: string, url: string]> {
  return [
    ...settings.heroPhotos.map((photo, i) => [`heroPhotos.${i}.url`, photo.url] as const),
    ...settings.sponsorLogos.map((sponsor, i) => [`sponsorLogos.${i}.imageUrl`, sponsor.imageUrl] as const),
  ];
}

/** The stored files the settings name (uploaded files, not https addresses). */
function filesOf(settings: SiteSettings): Set<string> {
  return new Set(imagesOf(settings).flatMap(([, url]) => pathFromUrl(url) ?? []));
}

export class SiteSettingsService {
  private readonly repository: SiteSettingsRepository;
  private readonly deps: SiteSettingsWriteDeps | undefined;
  private readonly stored: () => Promise<SiteSettings>;
  private readonly texts: SiteTranslationStore | undefined;
  private readonly storedTranslations: () => Promise<Translations>;
  /**
   * Without `deps` the settings can be read, not saved (a build for reading only, as the seed's). With
   * `contentVersion` (the database's) they are read once per change of content: nearly every page and read asks.
   */
  constructor(repository: SiteSettingsRepository, deps?: SiteSettingsWriteDeps, contentVersion?: ContentVersion, texts?: SiteTranslationStore) {
    this.repository = repository;
    this.deps = deps;
    this.texts = texts;
    const read = async () => (await repository.get()) ?? DEFAULT_SITE_SETTINGS;
    this.stored = contentVersion ? keptPerContentVersion(contentVersion, read) : read;
    // Translations count in the content version too (migration 0083's trigger).
    const readTranslations = async () => (texts ? ((await texts.read("site", [SITE_ID])).get(SITE_ID) ?? {}) : {});
    this.storedTranslations = contentVersion ? keptPerContentVersion(contentVersion, readTranslations) : readTranslations;
  }

  /** The stored settings, or the defaults of a fresh install; shared by every caller, never to be changed. */
  get(): Promise<SiteSettings> {
    return this.stored();
  }

  /** The settings' texts in the site's other languages, by language and field; shared by every caller, never to be changed. */
  translations(): Promise<Translations> {
    return this.storedTranslations();
  }

  /**
   * The settings as a page in `language` shows them: each text's translation, else the original, named in
   * `fallback` with the site's default language.
   */
  async localized(language: Language): Promise<LocalizedSiteSettings> {
    const settings = await this.get();
    if (language === settings.defaultLanguage) return { ...settings, fallback: {} };
    const translations = await this.translations();
    const localized: LocalizedSiteSettings = { ...settings, fallback: {} };
    for (const field of SITE_TRANSLATABLE) {
      const { text, lang } = localizedText(settings[field], translations, field, language, settings.defaultLanguage);
      localized[field] = text ?? settings[field];
      if (lang) localized.fallback[field] = lang;
    }
    // A list's texts by their place in it; a photo without a description stays without one.
    const shown = (original: string, field: string) => {
      const { text, lang } = localizedText(original || null, translations, field, language, settings.defaultLanguage);
      if (lang) localized.fallback[field] = lang;
      return text ?? original;
    };
    localized.heroPhotos = settings.heroPhotos.map((photo, index) => ({ ...photo, alt: shown(photo.alt, heroAltField(index)) }));
    localized.sponsorLogos = settings.sponsorLogos.map((sponsor, index) => ({ ...sponsor, name: shown(sponsor.name, sponsorNameField(index)) }));
    return localized;
  }

  /** The settings as a mail to someone reading `language` names the association; the originals without a language. */
  in(language: Language | undefined): Promise<SiteSettings> {
    return language ? this.localized(language) : this.get();
  }

  /**
   * Replaces the settings with `input`, whole. Images newly named that are uploads are claimed, so the clean-up of
   * unused uploads leaves them alone, and the uploads no longer named are given back to it. An image something else
   * uses (a business's, an event's, a post's) is refused: the settings giving it back later would take it from that.
   */
  async save(viewer: CurrentUser | null, input: unknown): Promise<SiteSettings> {
    const admin = requireRole(viewer, "admin");
    const deps = this.deps;
    if (!deps) throw new Error("SiteSettingsService was built without what saving needs");
    const parsed = SiteSettingsSchema.safeParse(input);
    if (!parsed.success) throw invalidInput(parsed.error.issues, messages.siteSettings.invalid);
    const settings = parsed.data;
    const sent = SiteTranslationsInputSchema.safeParse(input !== null && typeof input === "object" ? (input as { translations?: unknown }).translations : undefined);
    if (!sent.success) throw invalidInput(sent.error.issues.map((issue) => ({ ...issue, path: ["translations", ...issue.path] })), messages.siteSettings.invalid);
    const translations = sent.data;
    // Checked against the settings being saved: a language turned on in the same save may be translated into.
    for (const language of Object.keys(translations ?? {}) as Language[]) {
      const message = language === settings.defaultLanguage ? translationMessages.isDefault(language) : !settings.languages.includes(language) ? translationMessages.notOffered(language) : null;
      if (message) throw Validation(message, { [`translations.${language}`]: message });
    }

    const current = await this.get();
    const before = filesOf(current);
    const after = filesOf(settings);
    const fresh = new Map<string, { field: string; kind: UploadKind }>();
    const refused: Record<string, string> = {};
    // Everything is checked before anything is claimed, so a refused save claims nothing.
    for (const [field, url] of imagesOf(settings)) {
      const fullPath = pathFromUrl(url);
      if (!fullPath || before.has(fullPath) || fresh.has(fullPath)) continue;
      const kind = uploadKindOf(fullPath);
      if (await deps.files.isInUse(fullPath)) refused[field] = messages.siteSettings.imageInUse;
      else if (!kind) continue;
      else if (!(await deps.files.isAttachable({ user: admin, kind, fullPath }))) refused[field] = messages.siteSettings.imageUnavailable;
      else fresh.set(fullPath, { field, kind });
    }
    if (Object.keys(refused).length > 0) throw Validation(Object.values(refused)[0]!, refused);

    const claimed: string[] = [];
    try {
      for (const [fullPath, { field, kind }] of fresh) {
        await deps.files.attach({ user: admin, kind, fullPath }).catch((error: unknown) => {
          // Removed by the clean-up since it was checked.
          if (error instanceof AppError && error.status === 404) throw Validation(messages.siteSettings.imageUnavailable, { [field]: messages.siteSettings.imageUnavailable });
          throw error;
        });
        claimed.push(fullPath);
      }
      await this.repository.save(settings);
      // Sent, the translations stand for the lists as saved; not sent, the stored ones follow their photos and sponsors.
      const kept = translations ?? followListMoves(await this.translations(), listImagesOf(current), listImagesOf(settings));
      if ((translations || moved(current, settings)) && this.texts) {
        const texts = (values: Record<string, string | null | undefined> | undefined) => Object.fromEntries(SITE_TRANSLATED_FIELDS.map((field) => [field, values?.[field] ?? null]));
        const languages = Object.fromEntries(Object.entries(kept).map(([language, values]) => [language, texts(values)]));
        await this.texts.replace("site", SITE_ID, languages, SITE_TRANSLATED_FIELDS);
      }
    } catch (error) {
      await deps.files.release(...claimed);
      throw error;
    }
    // Only uploads are given back: another file of the site's (a profile picture) is not the settings' to let go.
    await deps.files.release(...[...before].filter((fullPath) => !after.has(fullPath) && uploadKindOf(fullPath)));
    await deps.audit.record(admin, { action: "update", entityType: "settings", entityId: "site", summary: `Site settings: ${settings.associationName}` });
    return this.get();
  }

  /** The settings with their texts' translations, as the API answers them. */
  async withTranslations(): Promise<SiteSettings & { translations: Translations }> {
    const [settings, translations] = await Promise.all([this.get(), this.translations()]);
    return { ...settings, translations };
  }
}

/** Whether a save moved, removed or added a hero photo or sponsor (their translations are kept by place). */
function moved(before: SiteSettings, after: SiteSettings): boolean {
  const [was, now] = [listImagesOf(before), listImagesOf(after)];
  return was.heroPhotos.join("\n") !== now.heroPhotos.join("\n") || was.sponsorLogos.join("\n") !== now.sponsorLogos.join("\n");
}
