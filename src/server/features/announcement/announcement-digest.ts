// Announcements in the weekly digest: those published since the member's previous digest (not archived), for members
// only, each with the start of its text and its address.
import { TRUNCATE } from "#shared/constants.ts";
import { truncate } from "#shared/format.ts";
import type { DigestSource } from "#server/features/notifications/index.ts";
import { contentText, sanitizeHtml } from "#server/features/page/index.ts";
import type { AnnouncementRepository } from "./announcement.repository.ts";

export function announcementDigestSource(options: {
  repository: AnnouncementRepository;
  siteUrl: string;
  /** Whether the person owns at least one business (with administrators, the members). */
  ownsSomeBusiness: (userId: string) => Promise<boolean>;
}): DigestSource {
  return {
    kind: "announcements",
    heading: "Announcements",
    async itemsFor(recipient, since, until) {
      const member = recipient.role === "admin" || (recipient.role === "business" && (await options.ownsSomeBusiness(recipient.id)));
      if (!member) return [];
      return (await options.repository.publishedBetween(since, until)).map((row) => ({
        title: row.title,
        detail: truncate(contentText(sanitizeHtml(row.body), "html"), TRUNCATE.postList),
        url: `${options.siteUrl}/myqsa/announcements/${encodeURIComponent(row.id)}`,
        at: row.publishAt!,
      }));
    },
  };
}
