// The admin's screens, one short description each: the entity's form and rules (from src/shared/schemas),
// where its list and writes live in the API, how a row reads, and the spec's texts.
import type { ReactNode } from "react";
import type { TFunction } from "i18next";
import type { z } from "zod";
import { TRUNCATE } from "#shared/constants.ts";
import { slugify, truncate } from "#shared/format.ts";
import { messages } from "#shared/messages.ts";
import { AnnouncementInputSchema, announcementMessages, announcementView, type AdminAnnouncement } from "#shared/schemas/announcement.ts";
import { MeetingInputSchema, meetingMessages, meetingView, type AdminMeeting } from "#shared/schemas/meeting.ts";
import { OpportunityInputSchema, volunteerMessages, volunteerView, type AdminOpportunity } from "#shared/schemas/volunteer.ts";
import { volunteerPaths } from "#shared/volunteer-paths.ts";
import { SURVEY_STATE_LABELS, SurveyInputSchema, surveyMessages, surveyView, type AdminSurvey } from "#shared/schemas/survey.ts";
import { DocumentInputSchema, documentMessages, documentView, VISIBILITY_LABELS, type AdminDocument } from "#shared/schemas/document.ts";
import { BusinessInputSchema, businessView, type BusinessAdmin } from "#shared/schemas/business.ts";
import { CategoryInputSchema, categoryView, type Category } from "#shared/schemas/category.ts";
import type { EntityView, OptionSource } from "#shared/schemas/entity.ts";
import { EventInputSchema, eventView, type AdminEvent } from "#shared/schemas/event.ts";
import { OfferInputSchema, offerView, type AdminOffer } from "#shared/schemas/offer.ts";
import { PageInputSchema, pageView, permissionLabel, type PageSummary } from "#shared/schemas/page.ts";
import { PostInputSchema, postView, type AdminPost } from "#shared/schemas/post.ts";
import { TagInputSchema, tagView, type Tag } from "#shared/schemas/tag.ts";
import type { FormImage } from "#web/components/ui/image-field.tsx";
import { useFormatWhen, When } from "#web/components/ui/when.tsx";
import { isolatedValues } from "#web/components/ui/isolated-values.tsx";
import { useSiteTimeZone } from "#web/lib/site.ts";
import { zonedInstant } from "#shared/zoned-time.ts";
import type { SortChoice } from "#web/components/ui/list-controls.tsx";
import { paths } from "#web/lib/paths.ts";
import { ApiError } from "#web/lib/api-client.ts";

type Row = { id: string };

export interface Screen<R extends Row = Row> {
  view: EntityView;
  schema: z.ZodType;
  /** Where the list is read, page by page (`paged`) or whole; `search` adds the "Find by name" box. */
  list: string;
  paged?: boolean;
  search?: boolean;
  sort?: SortChoice;
  /** Where items are created (POST), and changed or deleted (PUT, DELETE …/id). */
  path: string;
  /** The item is read in full before editing: its list row holds only a preview. */
  loadFull?: boolean;
  /** Where one item is read in full (`readPath`/id), when not at `path`. */
  readPath?: string;
  /** What of a listed item its row needs: the page sends only that (read in full when edited, see `loadFull`). */
  row?: (item: R) => Row;
  sources?: OptionSource[];
  /** The item's name; in the page's language where it is made of words (`t` reads the `admin` catalog). */
  title: (row: R, t?: TFunction) => string;
  link?: (row: R) => string;
  /** The form's values for an item; the item itself when left out. */
  values?: (row: R) => Record<string, unknown>;
  images?: (row: R) => Record<string, FormImage>;
  /** How a listed item reads, in the page's language (`t` reads the `admin` catalog). */
  item: (row: R, t: TFunction) => ReactNode;
  texts: {
    loadFailed: (detail: string) => string;
    saved?: (name: string, editing: boolean, t: TFunction) => string;
    failed: (detail: string, editing: R | null, error: unknown, t: TFunction) => string;
    confirm: (row: R, t: TFunction) => string;
    deleteFailed: (detail: string, row: R, t: TFunction) => string;
  };
}

const line = (text: ReactNode) => <p className="text-sm text-stone-600">{text}</p>;
const when = (iso: string, allDay = false) => <When iso={iso} allDay={allDay} />;
const preview = (text: string | null) => text && <p className="mt-1 text-sm break-words text-stone-800">{text}</p>;
/** A refusal in the spec's words: a missing session gets the entity's own sentence. */
const detailOf = (error: unknown, loggedOut?: string) => (error instanceof ApiError ? (error.status === 401 && loggedOut ? loggedOut : error.detail) : "");
const conflict = (error: unknown) => (error instanceof ApiError && error.status === 409 ? ` ${error.detail}` : "");
const byName: SortChoice = { asc: "Name A–Z", desc: "Name Z–A", usual: "asc", key: "name" };
const byDate: SortChoice = { asc: "Oldest first", desc: "Newest first", usual: "desc", key: "date" };
const define = <R extends Row>(screen: Screen<R>) => screen as unknown as Screen;


/** When an offer runs, its dates on the site's calendar in the page's language ("Du 1 déc. 2026 au 27 janv. 2027"). */
function OfferRun({ from, until, t }: { from: string | null; until: string | null; t: TFunction }) {
  const timeZone = useSiteTimeZone();
  const formatWhen = useFormatWhen();
  const day = (date: string) => formatWhen(zonedInstant(date, timeZone).toISOString(), true);
  if (from && until) return t("items.runs", { from: day(from), until: day(until) });
  return from ? t("items.runsNoEnd", { from: day(from) }) : t("items.runsFromNow", { until: day(until!) });
}

/** "<type> at <business>", in the page's language when given its `admin` catalog. */
const offerLabel = (offer: AdminOffer, t?: TFunction) =>
  t
    ? t("offerTitle.title", { type: t(`fields.offer.type.options.${offer.type}`, { defaultValue: offer.type }), business: offer.businessName ?? t("offerTitle.unknownBusiness") })
    : `${offer.type} at ${offer.businessName ?? "Unknown business"}`;

export const SCREENS: Record<string, Screen> = {
  markers: define<BusinessAdmin>({
    view: businessView,
    schema: BusinessInputSchema,
    list: "/admin/businesses",
    paged: true,
    sort: byName,
    search: true,
    path: "/businesses",
    loadFull: true,
    readPath: "/admin/businesses",
    row: ({ id, name, category, address, description }) => ({ id, name, category, address, description: description && truncate(description, TRUNCATE.businessList) }),
    sources: ["categories", "tags"],
    title: (b) => b.name,
    link: (b) => paths.business(b.id),
    values: (b) => ({ ...b, lat: b.coordinates.lat, lng: b.coordinates.lng, openingHours: b.openingHours && JSON.stringify(b.openingHours), socialLinks: JSON.stringify(b.socialLinks), photos: JSON.stringify(b.photos) }),
    images: (b) => ({ logoPath: { path: b.logoStoragePath, url: b.logoUrl } }),
    item: (b, t) => (
      <>
        {line(`${b.category ?? t("items.noCategory")}${b.address ? ` · ${b.address}` : ""}`)}
        {preview(b.description)}
      </>
    ),
    texts: {
      loadFailed: () => messages.businesses.loadFailed,
      failed: (detail, editing) => (editing ? messages.businesses.updateFailed(detail) : messages.businesses.addFailed(detail)),
      confirm: (_, t) => t("confirm.business"),
      deleteFailed: (_, b) => messages.businesses.deleteFailed(b.id),
    },
  }),
  categories: define<Category>({
    view: categoryView,
    schema: CategoryInputSchema,
    list: "/categories",
    path: "/categories",
    title: (c) => c.name,
    link: (c) => paths.category(slugify(c.name)),
    item: (c) =>
      line(
        <>
          <span aria-hidden="true" className="me-1 inline-block size-3 rounded-full border border-stone-400 align-middle" style={{ backgroundColor: c.color }} />
          <span className="font-mono">{c.color}</span>
          {c.description ? ` · ${c.description}` : ""}
        </>,
      ),
    texts: {
      loadFailed: () => messages.categories.loadFailed,
      failed: (_, editing, error) => `${editing ? messages.categories.updateFailed(editing.name) : messages.categories.addFailed}${conflict(error)}`,
      confirm: (_, t) => t("confirm.category"),
      deleteFailed: (_, c) => messages.categories.deleteFailed(c.id),
    },
  }),
  events: define<AdminEvent>({
    // The event's registration settings are edited beside it and saved through their own API (admin-tab's action).
    view: { ...eventView, fields: { ...eventView.fields, registration: { label: "Registration", widget: "registration", key: "event.registration" } } },
    schema: EventInputSchema,
    list: "/admin/events",
    paged: true,
    sort: byDate,
    path: "/events",
    sources: ["businesses"],
    title: (e) => e.name,
    images: (e) => ({ imagePath: { path: e.imageStoragePath, url: e.imageUrl } }),
    item: (e, t) => (
      <>
        {line(<>{when(e.eventDate, e.allDay)} | {e.locationText}</>)}
        {preview(e.descriptionPreview)}
        {line(
          <a href={`/events/${encodeURIComponent(e.id)}/registrations`} className="text-brand-700 underline">
            {t("items.registrations")}
            <span className="sr-only">{t("items.registrationsOf", { name: e.name })}</span>
          </a>,
        )}
      </>
    ),
    texts: {
      loadFailed: (detail) => messages.adminEvents.loadFailed(detail),
      failed: (detail, editing) => (editing ? messages.adminEvents.updateFailed(detail) : messages.adminEvents.addFailed(detail)),
      confirm: (e, t) => t("confirm.event", { name: e.name }),
      deleteFailed: (detail) => messages.adminEvents.deleteFailed(detail),
    },
  }),
  tags: define<Tag>({
    view: tagView,
    schema: TagInputSchema,
    list: "/tags",
    path: "/tags",
    title: (t) => t.name,
    link: (t) => paths.tag(slugify(t.name)),
    item: () => null,
    texts: {
      loadFailed: () => messages.tags.loadListFailed,
      failed: (_, editing, error) => (error instanceof ApiError && error.status === 409 ? error.detail : editing ? messages.tags.updateFailed(editing.name) : messages.tags.addFailed),
      confirm: (_, t) => t("confirm.tag"),
      deleteFailed: (_, t) => messages.tags.deleteFailed(t.id),
    },
  }),
  pages: define<PageSummary>({
    view: pageView,
    schema: PageInputSchema,
    list: "/pages",
    paged: true,
    sort: byName,
    path: "/pages",
    loadFull: true,
    title: (p) => p.name,
    link: (p) => paths.page(p.slug),
    item: (p, t) => (
      <>
        {line(`${t(`fields.page.permission.options.${p.permission}`, { defaultValue: permissionLabel(p.permission) })} · ${t(`fields.page.contentFormat.options.${p.contentFormat}`)} · /pages/${p.slug}`)}
        {preview(p.preview || t("items.empty"))}
      </>
    ),
    texts: {
      loadFailed: () => messages.pages.loadFailed,
      failed: (detail, editing) => (editing ? messages.pages.updateFailed(detail) : messages.pages.addFailed(detail)),
      confirm: (p, t) => t("confirm.page", { name: p.name }),
      deleteFailed: (_, p) => messages.pages.deleteFailed(p.id),
    },
  }),
  posts: define<AdminPost>({
    view: postView,
    schema: PostInputSchema,
    list: "/admin/posts",
    paged: true,
    sort: byDate,
    path: "/posts",
    sources: ["authors"],
    title: (p) => p.title,
    images: (p) => ({ imagePath: { path: p.imagePath, url: p.imageUrl } }),
    item: (p, t) => (
      <>
        {line(
          <>
            {t("items.by", { name: p.authorDisplayName ?? t("items.unknown") })} | {when(p.datetime)}
          </>,
        )}
        {preview(p.contentPreview || t("items.noText"))}
      </>
    ),
    texts: {
      loadFailed: () => messages.adminPosts.loadFailed,
      failed: (_, editing, error) => {
        const detail = detailOf(error, messages.adminPosts.mustBeLoggedIn);
        return editing ? messages.adminPosts.updateFailed(detail) : messages.adminPosts.addFailed(detail);
      },
      confirm: (p, t) => t("confirm.post", { name: p.title }),
      deleteFailed: (detail) => messages.adminPosts.deleteFailed(detail),
    },
  }),
  announcements: define<AdminAnnouncement & { bodyPreview: string }>({
    view: announcementView,
    schema: AnnouncementInputSchema,
    list: "/admin/announcements",
    paged: true,
    sort: byDate,
    path: "/announcements",
    title: (a) => a.title,
    link: (a) => paths.member.announcement(a.id),
    values: (a) => ({ ...a, publishAt: a.publishAt ?? "" }),
    images: (a) => ({ imagePath: { path: a.imagePath, url: a.imageUrl } }),
    item: (a, t) => (
      <>
        {line(
          <>
            {t(`items.announcementStatus.${a.status}`)}
            {a.publishAt && <> · {when(a.publishAt)}</>}
            {a.pinned && ` · ${t("items.pinned")}`}
          </>,
        )}
        {preview(a.bodyPreview || t("items.noText"))}
      </>
    ),
    texts: {
      loadFailed: () => "Failed to load announcements.",
      saved: (_, editing, t) => (editing ? t("saved.announcementUpdated") : t("saved.announcementAdded")),
      failed: (_, editing, error, t) => `${t(editing ? "failed.announcementUpdate" : "failed.announcementAdd")} ${detailOf(error, announcementMessages.mustBeLoggedIn)}`,
      confirm: (a, t) => t("confirm.announcement", { name: a.title }),
      deleteFailed: (detail, _, t) => `${t("failed.announcementDelete")} ${detail}`,
    },
  }),
  meetings: define<AdminMeeting>({
    view: meetingView,
    schema: MeetingInputSchema,
    list: "/admin/meetings",
    paged: true,
    sort: byDate,
    path: "/meetings",
    title: (m) => m.title,
    link: (m) => paths.member.meeting(m.id),
    values: (m) => ({ ...m, place: m.place ?? "", videoLink: m.videoLink ?? "", minutes: m.minutes ?? "" }),
    item: (m, t) => (
      <>
        {line(
          <>
            {m.cancelled ? `${t("items.cancelled")} · ` : m.past ? `${t("items.past")} · ` : ""}
            {when(m.startsAt)}
            {m.minutes && ` · ${t("items.minutesAdded")}`}
          </>,
        )}
        {preview([m.place, m.videoLink].filter(Boolean).join(" · "))}
        {line(t("items.answers", { yes: m.counts.yes, no: m.counts.no, maybe: m.counts.maybe }))}
      </>
    ),
    texts: {
      loadFailed: () => "Failed to load meetings.",
      saved: (_, editing, t) => (editing ? t("saved.meetingUpdated") : t("saved.meetingAdded")),
      failed: (_, editing, error, t) => `${t(editing ? "failed.meetingUpdate" : "failed.meetingAdd")} ${detailOf(error, meetingMessages.mustBeLoggedIn)}`,
      confirm: (m, t) => t("confirm.meeting", { name: m.title }),
      deleteFailed: (detail, _, t) => `${t("failed.meetingDelete")} ${detail}`,
    },
  }),
  volunteering: define<AdminOpportunity>({
    view: volunteerView,
    schema: OpportunityInputSchema,
    list: "/admin/volunteer/opportunities",
    paged: true,
    sort: byDate,
    path: "/volunteer/opportunities",
    sources: ["events"],
    title: (o) => o.title,
    link: (o) => volunteerPaths.opportunity(o.id),
    values: (o) => ({ ...o, eventId: o.eventId ?? "", occurrenceDate: o.occurrenceDate ?? "", shifts: JSON.stringify(o.shifts) }),
    item: (o, t) => (
      <>
        {o.event && line(t("items.at", { name: `${o.event.name}${o.occurrenceDate ? ` (${o.occurrenceDate})` : ""}` }))}
        {line(`${t("items.shifts", { count: o.shifts.length })} · ${t("items.placesOpen", { count: o.openPlaces })}`)}
        {o.shifts[0] &&
          line(
            <>
              {t("items.first")} {when(o.shifts[0].startsAt)}
            </>,
          )}
      </>
    ),
    texts: {
      loadFailed: () => "Failed to load the opportunities.",
      saved: (_, editing, t) => (editing ? t("saved.opportunityUpdated") : t("saved.opportunityAdded")),
      failed: (_, editing, error, t) => `${t(editing ? "failed.opportunityUpdate" : "failed.opportunityAdd")} ${detailOf(error, volunteerMessages.mustBeLoggedIn)}`,
      confirm: (o, t) => t("confirm.opportunity", { name: o.title }),
      deleteFailed: (detail, _, t) => `${t("failed.opportunityDelete")} ${detail}`,
    },
  }),
  surveys: define<AdminSurvey>({
    view: surveyView,
    schema: SurveyInputSchema,
    list: "/admin/surveys",
    paged: true,
    sort: byDate,
    path: "/surveys",
    title: (s) => s.title,
    link: (s) => paths.member.survey(s.id),
    // Once answered, each question's kind is fixed: the editor shows it so.
    values: (s) => ({ ...s, opensAt: s.opensAt ?? "", closesAt: s.closesAt ?? "", questions: JSON.stringify(s.questions.map((q) => ({ ...q, locked: s.responseCount > 0 }))) }),
    item: (s, t) => (
      <>
        {line(
          <>
            {t(`items.surveyState.${s.state}`, { defaultValue: SURVEY_STATE_LABELS[s.state] })} · {s.audience === "public" ? t("items.public") : t("items.members")}
            {s.anonymous && ` · ${t("items.anonymous")}`}
            {s.closesAt && (
              <>
                {" · "}
                {t("items.closes")} {when(s.closesAt)}
              </>
            )}
          </>,
        )}
        {line(`${t("items.questions", { count: s.questions.length })} · ${t("items.responses", { count: s.responseCount })}`)}
      </>
    ),
    texts: {
      loadFailed: () => "Failed to load surveys.",
      saved: (_, editing, t) => (editing ? t("saved.surveyUpdated") : t("saved.surveyAdded")),
      failed: (_, editing, error, t) => `${t(editing ? "failed.surveyUpdate" : "failed.surveyAdd")} ${detailOf(error, surveyMessages.mustBeLoggedIn)}`,
      confirm: (s, t) => t("confirm.survey", { name: s.title }),
      deleteFailed: (detail, _, t) => `${t("failed.surveyDelete")} ${detail}`,
    },
  }),
  library: define<AdminDocument>({
    view: documentView,
    schema: DocumentInputSchema,
    list: "/admin/documents",
    paged: true,
    sort: byDate,
    path: "/documents",
    title: (d) => d.title,
    values: (d) => ({ ...d, tags: d.tags.join(", ") }),
    item: (d, t) => (
      <>
        {line(`${t(`items.visibility.${d.visibility}`, { defaultValue: VISIBILITY_LABELS[d.visibility] })} · ${d.date} · ${d.fileName}${d.tags.length ? ` · ${d.tags.join(", ")}` : ""}`)}
        {preview(d.summary || null)}
      </>
    ),
    texts: {
      loadFailed: () => "Failed to load the library.",
      saved: (_, editing, t) => (editing ? t("saved.documentUpdated") : t("saved.documentAdded")),
      failed: (_, editing, error, t) => `${t(editing ? "failed.documentUpdate" : "failed.documentAdd")} ${detailOf(error, documentMessages.mustBeLoggedIn)}`,
      confirm: (d, t) => t("confirm.document", { name: d.title }),
      deleteFailed: (detail, _, t) => `${t("failed.documentDelete")} ${detail}`,
    },
  }),
  offers: define<AdminOffer>({
    view: offerView,
    schema: OfferInputSchema,
    list: "/admin/offers",
    paged: true,
    sort: byDate,
    path: "/offers",
    sources: ["businesses"],
    title: offerLabel,
    item: (o, t) => (
      <>
        {o.expired && <p className="text-sm font-semibold text-red-800">{t("items.expired")}</p>}
        {preview(o.description)}
        {line(
          <>
            {o.price && isolatedValues(t, "items.value", { value: o.price }, ["value"])}
            {o.price && o.terms && " · "}
            {o.terms && t("items.terms", { terms: o.terms })}
            {(o.price || o.terms) && (o.validFrom || o.validUntil) && " · "}
            {(o.validFrom || o.validUntil) && <OfferRun from={o.validFrom} until={o.validUntil} t={t} />}
          </>,
        )}
      </>
    ),
    texts: {
      loadFailed: () => messages.adminOffers.loadFailed,
      saved: (_, editing, t) => (editing ? t("saved.offerUpdated") : t("saved.offerAdded")),
      failed: (_, editing, error) => {
        const detail = detailOf(error, messages.adminOffers.mustBeLoggedIn);
        return editing ? messages.adminOffers.updateFailed(detail) : messages.adminOffers.addFailed(detail);
      },
      confirm: (o, t) => t("confirm.offer", { name: offerLabel(o, t) }),
      deleteFailed: (detail) => messages.adminOffers.deleteFailed(detail),
    },
  }),
};

export { detailOf };
