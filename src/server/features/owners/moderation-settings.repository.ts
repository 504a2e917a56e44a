// The association's moderation settings, kept in the site settings row: which owners' changes are approved at once,
// and where new requests are announced.
import type { Kysely } from "kysely";
import type { DB } from "#server/db/database-types.ts";
import type { ModerationSettings } from "#shared/schemas/owners.ts";

const ROW_ID = "site";

export const DEFAULT_MODERATION_SETTINGS: ModerationSettings = {
  autoApproveListings: false,
  autoApproveEvents: false,
  autoApproveOffers: false,
  notificationEmail: "",
};

export class ModerationSettingsRepository {
  private readonly db: Kysely<DB>;
  /** Saves the site's default settings, making the row these settings are kept in (the site settings' side). */
  private readonly createSiteRow: () => Promise<void>;
  constructor(db: Kysely<DB>, createSiteRow: () => Promise<void>) {
    this.db = db;
    this.createSiteRow = createSiteRow;
  }

  async get(): Promise<ModerationSettings> {
    const row = await this.db
      .selectFrom("site_settings")
      .select(["autoApproveListings", "autoApproveEvents", "autoApproveOffers", "notificationEmail"])
      .where("id", "=", ROW_ID)
      .executeTakeFirst();
    if (!row) return DEFAULT_MODERATION_SETTINGS;
    return {
      autoApproveListings: Number(row.autoApproveListings) === 1,
      autoApproveEvents: Number(row.autoApproveEvents) === 1,
      autoApproveOffers: Number(row.autoApproveOffers) === 1,
      notificationEmail: row.notificationEmail,
    };
  }

  async save(settings: ModerationSettings): Promise<void> {
    // A site not set up yet gets its default settings first, which this row then extends.
    if (!(await this.write(settings))) {
      await this.createSiteRow();
      await this.write(settings);
    }
  }

  private async write(settings: ModerationSettings): Promise<boolean> {
    const result = await this.db
      .updateTable("site_settings")
      .set({
        autoApproveListings: settings.autoApproveListings ? 1 : 0,
        autoApproveEvents: settings.autoApproveEvents ? 1 : 0,
        autoApproveOffers: settings.autoApproveOffers ? 1 : 0,
        notificationEmail: settings.notificationEmail,
        lastUpdatedAt: new Date().toISOString(),
      })
      .where("id", "=", ROW_ID)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
