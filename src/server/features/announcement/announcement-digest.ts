// Announcements in the weekly digest: those published since the member's previous digest (not archived), for members
// only, each with the start of its text and its address.
import { TRUNCATE } from "#shared/constants.ts";
import { truncate } from "#shared/format.ts";
import type { DigestSource } from "#server/features/notifications/index.ts";
import { contentText, sanitizeHtml } from "#server/features/page/index.ts";
import type { Language } from "#shared/i18n/languages.ts";
import type { AnnouncementRepository, StoredAnnouncement } from "./announcement.repository.ts";

export function announcementDigestSource(options: {
  repository: AnnouncementRepository;
  siteUrl: string;
  /** Whether the person owns at least one business (with administrators, the members). */
  ownsSomeBusiness: (userId: string) => Promise<boolean>;
  /** Its title and body in the reader's language (the translations, else the originals); the originals without it. */
  textsIn?: (announcement: StoredAnnouncement, language: Language) => Promise<{ title: string; body: string }>;
}): DigestSource {
  return {
    kind: "announcements",
    heading: "Announcements",
    async itemsFor(recipient, since, until) {
      const member = recipient.role === "admin" || (recipient.role === "business" && (await options.ownsSomeBusiness(recipient.id)));
      if (!member) return [];
      const rows = await options.repository.publishedBetween(since, until);
      const { language } = recipient;
      const shown = language && options.textsIn ? await Promise.all(rows.map(async (row) => ({ ...row, ...(await options.textsIn!(row, language)) }))) : rows;
      return shown.map((row) => ({
        title: row.title,
        detail: truncate(contentText(sanitizeHtml(row.body), "html"), TRUNCATE.postList),
        url: `${options.siteUrl}/myqsa/announcements/${encodeURIComponent(row.id)}`,
        at: row.publishAt!,
      }));
    },
  };
}
