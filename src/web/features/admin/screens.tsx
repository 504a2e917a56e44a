// The admin's screens, one short description each: the entity's form and rules (from src/shared/schemas),
// where its list and writes live in the API, how a row reads, and the spec's texts.
import type { ReactNode } from "react";
import type { z } from "zod";
import { TRUNCATE } from "#shared/constants.ts";
import { slugify, truncate } from "#shared/format.ts";
import { messages } from "#shared/messages.ts";
import { AnnouncementInputSchema, announcementMessages, announcementView, type AdminAnnouncement } from "#shared/schemas/announcement.ts";
import { MeetingInputSchema, meetingMessages, meetingView, type AdminMeeting } from "#shared/schemas/meeting.ts";
import { OpportunityInputSchema, volunteerMessages, volunteerPaths, volunteerView, type AdminOpportunity } from "#shared/schemas/volunteer.ts";
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
import { When } from "#web/components/ui/when.tsx";
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
  title: (row: R) => string;
  link?: (row: R) => string;
  /** The form's values for an item; the item itself when left out. */
  values?: (row: R) => Record<string, unknown>;
  images?: (row: R) => Record<string, FormImage>;
  item: (row: R) => ReactNode;
  texts: {
    loadFailed: (detail: string) => string;
    saved?: (name: string, editing: boolean) => string;
    failed: (detail: string, editing: R | null, error: unknown) => string;
    confirm: (row: R) => string;
    deleteFailed: (detail: string, row: R) => string;
  };
}

const line = (text: ReactNode) => <p className="text-sm text-stone-600">{text}</p>;
const when = (iso: string, allDay = false) => <When iso={iso} allDay={allDay} />;
const preview = (text: string | null) => text && <p className="mt-1 text-sm break-words text-stone-800">{text}</p>;
/** A refusal in the spec's words: a missing session gets the entity's own sentence. */
const detailOf = (error: unknown, loggedOut?: string) => (error instanceof ApiError ? (error.status === 401 && loggedOut ? loggedOut : error.detail) : "");
const conflict = (error: unknown) => (error instanceof ApiError && error.status === 409 ? ` ${error.detail}` : "");
const byName: SortChoice = { asc: "Name A–Z", desc: "Name Z–A", usual: "asc" };
const byDate: SortChoice = { asc: "Oldest first", desc: "Newest first", usual: "desc" };
const define = <R extends Row>(screen: Screen<R>) => screen as unknown as Screen;

const ANNOUNCEMENT_STATUS_LABELS = { draft: "Draft", scheduled: "Scheduled", published: "Published", archived: "Archived" } as const;

const offerLabel = (offer: AdminOffer) => `${offer.type} at ${offer.businessName ?? "Unknown business"}`;

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
    item: (b) => (
      <>
        {line(`${b.category ?? "No category"}${b.address ? ` · ${b.address}` : ""}`)}
        {preview(b.description)}
      </>
    ),
    texts: {
      loadFailed: () => messages.businesses.loadFailed,
      failed: (detail, editing) => (editing ? messages.businesses.updateFailed(detail) : messages.businesses.addFailed(detail)),
      confirm: () => messages.businesses.confirmDelete,
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
      confirm: () => messages.categories.confirmDelete,
      deleteFailed: (_, c) => messages.categories.deleteFailed(c.id),
    },
  }),
  events: define<AdminEvent>({
    // The event's registration settings are edited beside it and saved through their own API (admin-tab's action).
    view: { ...eventView, fields: { ...eventView.fields, registration: { label: "Registration", widget: "registration" } } },
    schema: EventInputSchema,
    list: "/admin/events",
    paged: true,
    sort: byDate,
    path: "/events",
    sources: ["businesses"],
    title: (e) => e.name,
    images: (e) => ({ imagePath: { path: e.imageStoragePath, url: e.imageUrl } }),
    item: (e) => (
      <>
        {line(<>{when(e.eventDate, e.allDay)} | {e.locationText}</>)}
        {preview(e.descriptionPreview)}
        {line(
          <a href={`/events/${encodeURIComponent(e.id)}/registrations`} className="text-brand-700 underline">
            Registrations<span className="sr-only"> of {e.name}</span>
          </a>,
        )}
      </>
    ),
    texts: {
      loadFailed: (detail) => messages.adminEvents.loadFailed(detail),
      failed: (detail, editing) => (editing ? messages.adminEvents.updateFailed(detail) : messages.adminEvents.addFailed(detail)),
      confirm: (e) => messages.adminEvents.confirmDelete(e.name),
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
      confirm: () => messages.tags.confirmDelete,
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
    item: (p) => (
      <>
        {line(`${permissionLabel(p.permission)} · ${p.contentFormat === "html" ? "Rich text" : "Markdown"} · /pages/${p.slug}`)}
        {preview(p.preview || "(empty)")}
      </>
    ),
    texts: {
      loadFailed: () => messages.pages.loadFailed,
      failed: (detail, editing) => (editing ? messages.pages.updateFailed(detail) : messages.pages.addFailed(detail)),
      confirm: (p) => messages.pages.confirmDelete(p.name),
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
    item: (p) => (
      <>
        {line(<>By: {p.authorDisplayName ?? "Unknown"} | {when(p.datetime)}</>)}
        {preview(p.contentPreview || "(no text)")}
      </>
    ),
    texts: {
      loadFailed: () => messages.adminPosts.loadFailed,
      failed: (_, editing, error) => {
        const detail = detailOf(error, messages.adminPosts.mustBeLoggedIn);
        return editing ? messages.adminPosts.updateFailed(detail) : messages.adminPosts.addFailed(detail);
      },
      confirm: (p) => messages.adminPosts.confirmDelete(p.title),
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
    item: (a) => (
      <>
        {line(
          <>
            {ANNOUNCEMENT_STATUS_LABELS[a.status]}
            {a.publishAt && <> · {when(a.publishAt)}</>}
            {a.pinned && " · Pinned"}
          </>,
        )}
        {preview(a.bodyPreview || "(no text)")}
      </>
    ),
    texts: {
      loadFailed: () => "Failed to load announcements.",
      saved: (_, editing) => (editing ? "Announcement updated." : "Announcement added."),
      failed: (_, editing, error) => `Failed to ${editing ? "update" : "add"} announcement. ${detailOf(error, announcementMessages.mustBeLoggedIn)}`,
      confirm: (a) => `Are you sure you want to delete the announcement "${a.title}"? This action cannot be undone.`,
      deleteFailed: (detail) => `Failed to delete announcement. ${detail}`,
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
    item: (m) => (
      <>
        {line(
          <>
            {m.cancelled ? "Cancelled · " : m.past ? "Past · " : ""}
            {when(m.startsAt)}
            {m.minutes && " · Minutes added"}
          </>,
        )}
        {preview([m.place, m.videoLink].filter(Boolean).join(" · "))}
        {line(`${m.counts.yes} yes · ${m.counts.no} no · ${m.counts.maybe} maybe`)}
      </>
    ),
    texts: {
      loadFailed: () => "Failed to load meetings.",
      saved: (_, editing) => (editing ? "Meeting updated." : "Meeting added."),
      failed: (_, editing, error) => `Failed to ${editing ? "update" : "add"} meeting. ${detailOf(error, meetingMessages.mustBeLoggedIn)}`,
      confirm: (m) => `Are you sure you want to delete the meeting "${m.title}"? Its answers go with it. This action cannot be undone.`,
      deleteFailed: (detail) => `Failed to delete meeting. ${detail}`,
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
    item: (o) => (
      <>
        {o.event && line(`At ${o.event.name}${o.occurrenceDate ? ` (${o.occurrenceDate})` : ""}`)}
        {line(`${o.shifts.length} shift${o.shifts.length === 1 ? "" : "s"} · ${o.openPlaces} place${o.openPlaces === 1 ? "" : "s"} open`)}
        {o.shifts[0] && line(<>First: {when(o.shifts[0].startsAt)}</>)}
      </>
    ),
    texts: {
      loadFailed: () => "Failed to load the opportunities.",
      saved: (_, editing) => (editing ? "Opportunity updated." : "Opportunity added."),
      failed: (_, editing, error) => `Failed to ${editing ? "update" : "add"} opportunity. ${detailOf(error, volunteerMessages.mustBeLoggedIn)}`,
      confirm: (o) => `Are you sure you want to delete the opportunity "${o.title}"? Its shifts and sign-ups go with it. This action cannot be undone.`,
      deleteFailed: (detail) => `Failed to delete opportunity. ${detail}`,
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
    item: (s) => (
      <>
        {line(
          <>
            {SURVEY_STATE_LABELS[s.state]} · {s.audience === "public" ? "Public" : "Members"}
            {s.anonymous && " · Anonymous"}
            {s.closesAt && <> · Closes {when(s.closesAt)}</>}
          </>,
        )}
        {line(`${s.questions.length} ${s.questions.length === 1 ? "question" : "questions"} · ${s.responseCount} ${s.responseCount === 1 ? "answer" : "answers"}`)}
      </>
    ),
    texts: {
      loadFailed: () => "Failed to load surveys.",
      saved: (_, editing) => (editing ? "Survey updated." : "Survey added."),
      failed: (_, editing, error) => `Failed to ${editing ? "update" : "add"} survey. ${detailOf(error, surveyMessages.mustBeLoggedIn)}`,
      confirm: (s) => `Are you sure you want to delete the survey "${s.title}"? Its answers go with it. This action cannot be undone.`,
      deleteFailed: (detail) => `Failed to delete survey. ${detail}`,
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
    item: (d) => (
      <>
        {line(`${VISIBILITY_LABELS[d.visibility]} · ${d.date} · ${d.fileName}${d.tags.length ? ` · ${d.tags.join(", ")}` : ""}`)}
        {preview(d.summary || null)}
      </>
    ),
    texts: {
      loadFailed: () => "Failed to load the library.",
      saved: (_, editing) => (editing ? "Document updated." : "Document added."),
      failed: (_, editing, error) => `Failed to ${editing ? "update" : "add"} document. ${detailOf(error, documentMessages.mustBeLoggedIn)}`,
      confirm: (d) => `Are you sure you want to delete the document "${d.title}" and its file? This action cannot be undone.`,
      deleteFailed: (detail) => `Failed to delete document. ${detail}`,
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
    item: (o) => (
      <>
        {o.expired && <p className="text-sm font-semibold text-red-800">Expired</p>}
        {preview(o.description)}
        {line([o.price && `Value: ${o.price}`, o.terms && `Terms: ${o.terms}`, (o.validFrom || o.validUntil) && `Runs ${o.validFrom ?? "now"} to ${o.validUntil ?? "no end"}`].filter(Boolean).join(" · "))}
      </>
    ),
    texts: {
      loadFailed: () => messages.adminOffers.loadFailed,
      saved: (_, editing) => (editing ? "Offer updated." : "Offer added."),
      failed: (_, editing, error) => {
        const detail = detailOf(error, messages.adminOffers.mustBeLoggedIn);
        return editing ? messages.adminOffers.updateFailed(detail) : messages.adminOffers.addFailed(detail);
      },
      confirm: (o) => messages.adminOffers.confirmDelete(offerLabel(o)),
      deleteFailed: (detail) => messages.adminOffers.deleteFailed(detail),
    },
  }),
};

export { detailOf };
