import type { SiteSettings } from "../../../shared/schemas/site-settings.ts";
import { DEFAULT_SITE_SETTINGS, type SiteSettingsRepository } from "./site-settings.repository.ts";

export class SiteSettingsService {
  private readonly repository: SiteSettingsRepository;
  constructor(repository: SiteSettingsRepository) {
    this.repository = repository;
  }

  /** The stored settings, or the defaults of a fresh install. */
  async get(): Promise<SiteSettings> {
    return (await this.repository.get()) ?? DEFAULT_SITE_SETTINGS;
  }
}
