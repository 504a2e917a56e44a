// CSV exports of the businesses, events and offers (administrators only), safe to open in a spreadsheet.
import { requireRole, type CurrentUser } from "#server/auth/session.ts";
import { OUTDOOR_LOCATION } from "#shared/constants.ts";
import { toCsv } from "./csv.ts";
import type { ExportRepository } from "./export.repository.ts";

/** The business columns, named as the import recognises them, so an exported file imports back unchanged. */
export const BUSINESS_EXPORT_HEADERS = [
  "id",
  "name",
  "category",
  "description",
  "address",
  "website",
  "phone",
  "email",
  "latitude",
  "longitude",
  "tags",
  "logo_url",
  "created_at",
  "last_updated_at",
] as const;

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
      rows.map((b) => [b.id, b.name, b.category, b.description, b.address, b.website, b.phone, b.email, b.lat, b.lng, tagsCell(b.tags), b.logoUrl, b.createdAt, b.lastUpdatedAt]),
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
