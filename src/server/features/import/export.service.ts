// CSV exports of the businesses, events and offers (administrators only), safe to open in a spreadsheet.
import { requireRole, type CurrentUser } from "#server/auth/session.ts";
import { OUTDOOR_LOCATION } from "#shared/constants.ts";
import { holds } from "#shared/schemas/entity.ts";
import { BUSINESS_YES_NO_COLUMNS } from "#shared/schemas/data-import.ts";
import { TEXT_FIELDS } from "./business-rows.ts";
import { toCsv } from "./csv.ts";
import type { ExportRepository } from "./export.repository.ts";

const OTHER_TEXT_FIELDS = TEXT_FIELDS.filter((name) => name !== "name");

/**
 * The business columns, named as the import recognises them, so an exported file imports back unchanged: the text
 * fields and the yes/no columns (last, written yes or no) come from the business definition (`csv: true`).
 */
export const BUSINESS_EXPORT_HEADERS = [
  "id",
  "name",
  "category",
  ...OTHER_TEXT_FIELDS,
  "latitude",
  "longitude",
  "tags",
  "logo_url",
  "created_at",
  "last_updated_at",
  ...BUSINESS_YES_NO_COLUMNS.map((c) => c.key),
];

/**
 * Tag names separated by semicolons. A lone tag whose name has a comma ends with a semicolon, so that reading the
 * cell back takes it whole rather than as tags separated by commas.
 */
export function tagsCell(tags: readonly string[]): string {
  return tags.length === 1 && tags[0]!.includes(",") ? `${tags[0]};` : tags.join("; ");
}

export class ExportService {
  private readonly repository: ExportRepository;
  constructor(repository: ExportRepository) {
    this.repository = repository;
  }

  async businesses(viewer: CurrentUser | null): Promise<string> {
    requireRole(viewer, "admin");
    const rows = await this.repository.businesses();
    return toCsv(
      BUSINESS_EXPORT_HEADERS,
      rows.map((b) => [
        b.id,
        b.name,
        b.category,
        ...OTHER_TEXT_FIELDS.map((name) => b[name]),
        b.lat,
        b.lng,
        tagsCell(b.tags),
        b.logoUrl,
        b.createdAt,
        b.lastUpdatedAt,
        ...BUSINESS_YES_NO_COLUMNS.map((c) => (holds(c, b[c.field as keyof typeof b]) ? "yes" : "no")),
      ]),
    );
  }

  async events(viewer: CurrentUser | null): Promise<string> {
    requireRole(viewer, "admin");
    const rows = await this.repository.events();
    return toCsv(
      ["id", "name", "date", "location", "business_id", "outdoor_location", "description", "tickets_link", "image_url", "created_at", "last_updated_at"],
      rows.map((e) => [
        e.id,
        e.name,
        e.eventDate,
        e.location === OUTDOOR_LOCATION ? "Outdoor" : (e.businessName ?? e.location),
        e.location === OUTDOOR_LOCATION ? null : e.location,
        e.outdoorLocationDescription,
        e.description,
        e.ticketsLink,
        e.imageUrl,
        e.createdAt,
        e.lastUpdatedAt,
      ]),
    );
  }

  async offers(viewer: CurrentUser | null): Promise<string> {
    requireRole(viewer, "admin");
    const rows = await this.repository.offers();
    return toCsv(
      ["id", "business", "business_id", "type", "description", "price", "terms", "created_at", "last_updated_at"],
      rows.map((o) => [o.id, o.businessName, o.businessId, o.type, o.description, o.price, o.terms, o.createdAt, o.lastUpdatedAt]),
    );
  }
}
