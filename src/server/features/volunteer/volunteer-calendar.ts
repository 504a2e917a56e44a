// A volunteer's shift as an iCalendar entry in the volunteer's language (the mail catalog's `t`), written by ical-generator through the site's calendar helpers (the site's
// zone with its VTIMEZONE). One UID per shift, so a calendar that has it replaces it when a later mail brings it again.
import { TZDate } from "@date-fns/tz";
import type { TFunction } from "i18next";
import { ICalEventStatus } from "ical-generator";
import { eventUid, newCalendar } from "#server/features/seo/index.ts";
import { contentText } from "#server/features/page/index.ts";
import { volunteerPaths } from "#shared/volunteer-paths.ts";
import type { StoredOpportunity, StoredShift } from "./volunteer.repository.ts";

export const shiftUid = (id: string, siteUrl: string) => eventUid(`volunteer-shift-${id}`, siteUrl);

export function shiftCalendar(shift: StoredShift, opportunity: StoredOpportunity, options: { siteUrl: string; siteName: string; timeZone: string; t: TFunction }): string {
  const { t } = options;
  const cal = newCalendar({ name: options.siteName, product: "Volunteering", timeZone: options.timeZone });
  const zoned = (iso: string) => new TZDate(new Date(iso), options.timeZone);
  const url = `${options.siteUrl}${volunteerPaths.shift(opportunity.id, shift.id)}`;
  const about = contentText(opportunity.description, "html");
  cal.createEvent({
    id: shiftUid(shift.id, options.siteUrl),
    stamp: new Date(opportunity.lastUpdatedAt),
    summary: t("calendar.volunteerSummary", { title: opportunity.title }),
    timezone: options.timeZone,
    start: zoned(shift.startsAt),
    end: zoned(shift.endsAt),
    location: shift.place,
    description: [shift.requirements ? t("calendar.requirements", { requirements: shift.requirements }) : null, about || null, url].filter(Boolean).join("\n\n"),
    url,
    status: ICalEventStatus.CONFIRMED,
  });
  return cal.toString();
}
