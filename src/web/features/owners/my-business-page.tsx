// /mybusiness: an owner's businesses, each with its public page, an edit form, its events and offers, and the state of
// every change waiting for an administrator. Each form is drawn when it is first opened (OpenedDetails).
import { Link, useFetcher, useHref, useNavigate } from "react-router";
import { RouterProvider, Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { REQUEST_KIND_LABELS, type RequestDetail } from "#shared/schemas/owners.ts";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import type { FieldWidgets, Sources } from "#web/components/ui/entity-fields.tsx";
import { EntityForm, type FormActionData } from "#web/components/ui/entity-form.tsx";
import { OutcomeMessage } from "#web/components/ui/field.tsx";
import { ui } from "#web/components/ui/classes.ts";
import { OpenedDetails } from "#web/components/ui/opened-details.tsx";
import { paths } from "#web/lib/paths.ts";
import type { OwnedBusiness, OwnerData } from "./my-business-data.ts";
import { useOwnerText } from "./owner-text.ts";
import { OWNER_FORMS, type OwnerForm as OwnerFormDef, type OwnerFormName } from "./my-business-forms.ts";
import type { FormImage } from "#web/components/ui/image-field.tsx";
import { fileUrl } from "#shared/upload-kinds.ts";
import { PhotosEditor, SocialLinksEditor } from "../business/index.ts";
import { RepeatRuleWidget } from "../events/index.ts";
import { OwnerEventRegistrationWidget } from "../registration/index.ts";
import { BusinessInsights, insightsHref } from "./business-insights.tsx";

/** The widgets of the fields an event and a business have that belong to their features. */
const WIDGETS: FieldWidgets = { recurrence: RepeatRuleWidget, photos: PhotosEditor, links: SocialLinksEditor, registration: OwnerEventRegistrationWidget };

/** The image a form starts with: the waiting request's when it asks for one (or for none), else the live one. */
function startImage(pending: RequestDetail | undefined, field: string, liveUrl: string | null | undefined): FormImage {
  if (pending && field in pending.payload) {
    const path = pending.payload[field];
    return typeof path === "string" && path ? { path, url: fileUrl(path) } : { path: null, url: null };
  }
  return { path: null, url: liveUrl ?? null };
}

/** This page with one form open (its id), drawn on the server: what a browser without scripts opens. */
const editHref = (formId: string) => `${paths.myBusiness}?edit=${encodeURIComponent(formId)}`;

/** What became of a request, its times on the site's clocks. */
function useStateOf(): (request: RequestDetail) => string {
  const { t, when } = useOwnerText();
  return (request) => {
    if (request.status === "pending") return t("requests.waitingSince", { date: when(request.createdAt) });
    if (request.status === "rejected") return t("requests.rejected", { reason: request.reason ?? "" }).trim();
    return t(`requests.status.${request.status}`, { defaultValue: request.status });
  };
}
const requestName = (r: RequestDetail) => String(r.payload.name ?? r.payload.description ?? r.businessName);

/** An owner's form with what became of its last sending beneath it. */
function OwnerForm({
  id,
  form,
  defaultValue,
  images,
  sources,
  submitLabel,
  hidden,
  version = "",
}: {
  id: string;
  form: OwnerFormName;
  defaultValue: Record<string, unknown>;
  images?: Record<string, FormImage>;
  sources: Sources;
  submitLabel: string;
  hidden: Record<string, string>;
  version?: string;
}) {
  const { t } = useTranslation("owners");
  const fetcher = useFetcher<FormActionData>({ key: id });
  const owner: OwnerFormDef = OWNER_FORMS[form];
  const { views, skip } = owner;
  const uploadFor = (values: Record<string, unknown>): Record<string, string> => {
    const businessId = owner.uploadFor?.(values, hidden);
    return businessId ? { businessId } : {};
  };
  // A fresh form after each finished sending (its values come from the reloaded page).
  const round = String(fetcher.data?.done ? `${fetcher.data.round}+` : (fetcher.data?.round ?? "0"));
  return (
    <>
      <EntityForm
        key={`${round}-${version}`}
        id={id}
        views={views}
        skip={skip}
        defaultValue={defaultValue}
        images={images}
        uploadFor={uploadFor}
        sources={sources}
        round={round}
        hidden={hidden}
        submitLabel={submitLabel}
        busyLabel={t("myBusiness.sending")}
        widgets={WIDGETS}
      />
      <OutcomeMessage outcome={fetcher.data?.outcome} />
    </>
  );
}

function Withdraw({ request }: { request: RequestDetail }) {
  const { t } = useTranslation("owners");
  const fetcher = useFetcher<FormActionData>({ key: `withdraw-${request.id}` });
  return (
    <fetcher.Form method="post" className="inline">
      <input type="hidden" name="intent" value="withdraw" />
      <input type="hidden" name="id" value={request.id} />
      <button type="submit" className={ui.secondary} disabled={fetcher.state !== "idle"}>
        {t("myBusiness.withdraw")}
      </button>
    </fetcher.Form>
  );
}

function RequestLine({ request, label }: { request: RequestDetail; label?: string }) {
  const { t } = useTranslation("owners");
  const stateOf = useStateOf();
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <span className="min-w-0 break-words">
        {label ?? t("requests.line", { kind: t(`requests.kinds.${request.kind}`, { defaultValue: REQUEST_KIND_LABELS[request.kind] }), name: requestName(request) })} — <span className="font-medium text-stone-800">{stateOf(request)}</span>
      </span>
      {request.status === "pending" && <Withdraw request={request} />}
    </li>
  );
}

/** An approved event or offer: its edit form (a change waits for approval unless the association approves at once) and its removal. */
function ExistingItem({ kind, item, pending, sources, edit, onDelete }: { kind: "event" | "offer"; item: { id: string; title: string; detail: string; values: Record<string, unknown> }; pending: RequestDetail | undefined; sources: Sources; edit: string | null; onDelete: () => void }) {
  const { t } = useTranslation("owners");
  const stateOf = useStateOf();
  const formId = `${kind}-${item.id}`;
  return (
    <li className="grid gap-2 py-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 break-words">
          {item.title} {item.detail && <span className="text-sm text-stone-600">· {item.detail}</span>} — <span className="font-medium text-stone-800">{pending ? t("myBusiness.changesState", { state: stateOf(pending) }) : t("myBusiness.approved")}</span>
        </span>
        <span className="flex flex-wrap gap-2">
          {kind === "event" && (
            <a href={`/events/${encodeURIComponent(item.id)}/registrations`} className="self-center text-brand-700 underline">
              {t("myBusiness.registrations")}
              <span className="sr-only"> {t("myBusiness.registrationsOf", { title: item.title })}</span>
            </a>
          )}
          {pending && <Withdraw request={pending} />}
          <ConfirmDialog question={t("myBusiness.deleteQuestion", { title: item.title })} label={t("myBusiness.deleteLabel", { title: item.title })} onConfirm={onDelete}>
            {t("myBusiness.delete")}
          </ConfirmDialog>
        </span>
      </div>
      <OpenedDetails
        className="rounded-md border border-stone-200 p-3"
        open={!!pending || edit === formId}
        href={editHref(formId)}
        summary={
          <summary className="cursor-pointer font-semibold text-brand-800" aria-label={pending ? t("myBusiness.amendItem", { title: item.title }) : t("myBusiness.editItem", { title: item.title })}>
            {pending ? t("myBusiness.amendYours") : t("myBusiness.edit")}
          </summary>
        }
      >
        <OwnerForm
          id={formId}
          form={kind}
          defaultValue={{ ...item.values, ...(pending?.payload ?? {}) }}
          images={kind === "event" ? { imagePath: startImage(pending, "imagePath", item.values.imageUrl as string | null | undefined) } : undefined}
          sources={sources}
          submitLabel={pending ? t("myBusiness.update") : t("myBusiness.sendChanges")}
          version={`${pending?.updatedAt ?? ""}-${String(item.values.lastUpdatedAt ?? "")}`}
          hidden={{ intent: kind, id: item.id }}
        />
      </OpenedDetails>
    </li>
  );
}

function ItemList({ business, kind, requests, sources, edit }: { business: OwnedBusiness; kind: "event" | "offer"; requests: RequestDetail[]; sources: Sources; edit: string | null }) {
  const { t, when } = useOwnerText();
  const remover = useFetcher<FormActionData>({ key: `delete-${kind}-${business.id}` });
  // An offer's type by the name the offer form gives it in the page's language.
  const { t: adminT } = useTranslation("admin");
  const typeName = (type: string) => adminT(`fields.offer.type.options.${type}`, { defaultValue: type });
  const items =
    kind === "event"
      ? business.events.map((e) => ({ id: e.id, title: e.name, detail: when(e.eventDate, e.allDay), values: e as unknown as Record<string, unknown> }))
      : business.offers.map((o) => ({ id: o.id, title: t("offerItem.title", { type: typeName(o.type), description: o.description }), detail: o.price ?? "", values: o as unknown as Record<string, unknown> }));
  const waiting = requests.filter((r) => r.kind === kind && r.businessId === business.id && !r.targetId && r.status !== "approved");
  return (
    <section aria-labelledby={`${kind}s-${business.id}`} className="grid gap-2">
      <h3 id={`${kind}s-${business.id}`} className="text-lg font-semibold text-stone-900">
        {t(`myBusiness.${kind}s`)}
      </h3>
      {items.length === 0 && waiting.length === 0 && <p className="text-sm text-stone-600">{t(`myBusiness.no_${kind}s`)}</p>}
      <ul className="divide-y divide-stone-200" aria-label={t(`myBusiness.${kind}sOf`, { name: business.name })}>
        {items.map((item) => (
          <ExistingItem key={item.id} kind={kind} item={item} pending={requests.find((r) => r.kind === kind && r.targetId === item.id && r.status === "pending")} sources={sources} edit={edit} onDelete={() => void remover.submit({ intent: `delete-${kind}`, id: item.id }, { method: "post" })} />
        ))}
        {waiting.map((r) => (
          <RequestLine key={r.id} request={r} label={requestName(r)} />
        ))}
      </ul>
      <OutcomeMessage outcome={remover.data?.outcome} />
      <OpenedDetails
        className="rounded-md border border-stone-200 p-3"
        open={edit === `${kind}-new-${business.id}`}
        href={editHref(`${kind}-new-${business.id}`)}
        summary={<summary className="cursor-pointer font-semibold text-brand-800">{kind === "event" ? t("myBusiness.addEvent") : t("myBusiness.addOffer")}</summary>}
      >
        <OwnerForm
          id={`${kind}-new-${business.id}`}
          form={kind}
          defaultValue={kind === "event" ? { location: business.id } : { businessId: business.id }}
          sources={sources}
          submitLabel={t("myBusiness.send")}
          hidden={{ intent: kind }}
        />
      </OpenedDetails>
    </section>
  );
}

const TAB_CLASS =
  "shrink-0 cursor-pointer rounded-t-md border-b-2 border-transparent px-3 py-2 text-sm font-semibold whitespace-nowrap text-stone-700 outline-none hover:bg-stone-50 hover:text-brand-800 focus-visible:ring-2 focus-visible:ring-brand-700 data-[selected]:border-brand-700 data-[selected]:text-brand-800";

/**
 * A business's tabs: its listing (with its events and offers) and its insights. Each tab is a link (`?insights=`), so
 * the page opens on either and works with scripts off; the insights are read by the page's loader.
 */
function BusinessTabs({ business, insights, children }: { business: OwnedBusiness; insights: OwnerData["insights"]; children: React.ReactNode }) {
  const { t } = useTranslation("owners");
  const navigate = useNavigate();
  const open = insights?.businessId === business.id ? insights : null;
  const selected = open ? "insights" : "listing";
  return (
    <RouterProvider navigate={(to) => void navigate(to, { preventScrollReset: true })} useHref={useHref}>
      <Tabs selectedKey={selected} className="min-w-0">
        <TabList aria-label={t("myBusiness.sections", { name: business.name })} className="flex flex-wrap gap-x-1 border-b border-stone-300">
          <Tab id="listing" href={paths.myBusiness} className={TAB_CLASS}>
            {t("myBusiness.listing")}
          </Tab>
          <Tab id="insights" href={insightsHref(business.id, open?.days ?? 30)} className={TAB_CLASS}>
            {t("myBusiness.insights")}
          </Tab>
        </TabList>
        <TabPanel id={selected} className="mt-4 grid min-w-0 gap-4 outline-none focus-visible:ring-2 focus-visible:ring-brand-700">
          {open ? <BusinessInsights businessId={business.id} name={business.name} insights={open.figures} days={open.days} /> : children}
        </TabPanel>
      </Tabs>
    </RouterProvider>
  );
}

/** Values another part of the page (a visitor's suggestion taken in) starts a business's edit form with, and why. */
export interface ListingPrefill {
  businessId: string;
  values: Record<string, string>;
  note: string;
}

interface Extras {
  prefill?: ListingPrefill | null;
  /** The form open when the page comes (`?edit=<form id>`), for a browser without scripts. */
  edit?: string | null;
  /** What other features show of a business above its edit form (visitors' suggestions). */
  aside?: (business: OwnedBusiness) => React.ReactNode;
}

function BusinessCard({ business, requests, sources, email, insights, prefill: wanted, edit = null, aside }: { business: OwnedBusiness; requests: RequestDetail[]; sources: Sources; email: string; insights: OwnerData["insights"] } & Extras) {
  const { t } = useTranslation("owners");
  const prefill = wanted?.businessId === business.id ? wanted : null;
  const pending = requests.find((r) => r.kind === "listing-change" && r.businessId === business.id && r.status === "pending");
  const latest = requests.find((r) => r.kind === "listing-change" && r.businessId === business.id);
  const live = { ...business, lat: business.coordinates.lat, lng: business.coordinates.lng };
  return (
    <article aria-labelledby={`business-${business.id}`} className="card grid gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`business-${business.id}`} className={ui.sectionHeading}>
          {business.name}
        </h2>
        <Link to={paths.business(business.id)} className="text-brand-700 underline">
          {t("myBusiness.viewPublic")}
        </Link>
      </div>
      <BusinessTabs business={business} insights={insights}>
        {latest && (
          <ul aria-label={t("myBusiness.listingChangesOf", { name: business.name })}>
            {/* A business's owners share its waiting changes: another owner's are named as theirs. */}
            <RequestLine request={latest} label={latest.requesterEmail === email ? t("myBusiness.yourListingChanges") : t("myBusiness.listingChangesFrom", { name: latest.requesterName })} />
          </ul>
        )}
        {aside?.(business)}
        <OpenedDetails
          className="rounded-md border border-stone-200 p-3"
          open={!!pending || !!prefill || edit === `listing-${business.id}`}
          href={editHref(`listing-${business.id}`)}
          summary={
            <summary className="cursor-pointer font-semibold text-brand-800">
              {pending ? (pending.requesterEmail === email ? t("myBusiness.amendYours") : t("myBusiness.amendTheirs")) : t("myBusiness.editListing")}
            </summary>
          }
        >
          {prefill?.note && (
            <p role="status" className="my-2 rounded-md border border-brand-100 bg-brand-50 px-3 py-2 text-sm text-brand-800">
              {t("myBusiness.visitorSuggested", { note: prefill.note })}
            </p>
          )}
          <OwnerForm
            id={`listing-${business.id}`}
            form="listing"
            defaultValue={{ ...live, ...(pending?.payload ?? {}), ...(prefill?.values ?? {}) }}
            images={{ logoPath: startImage(pending, "logoPath", business.logoUrl) }}
            sources={sources}
            submitLabel={pending ? t("myBusiness.update") : t("myBusiness.sendChanges")}
            version={`${pending?.updatedAt ?? ""}-${business.lastUpdatedAt}-${prefill?.note ?? ""}`}
            hidden={{ intent: "listing", id: business.id }}
          />
        </OpenedDetails>
        <ItemList business={business} kind="event" requests={requests} sources={sources} edit={edit} />
        <ItemList business={business} kind="offer" requests={requests} sources={sources} edit={edit} />
      </BusinessTabs>
    </article>
  );
}

export function MyBusinessPage({ data, prefill, edit = null, aside }: { data: OwnerData } & Extras) {
  const { t } = useTranslation("owners");
  const { businesses, requests, sources } = data;
  const others = requests.filter((r) => r.kind === "claim" || r.kind === "new-listing" || !businesses.some((b) => b.id === r.businessId));
  return (
    <>
      {businesses.length === 0 && (
        <div className="card grid gap-3">
          <h2 className={ui.sectionHeading}>{t("myBusiness.claimHeading")}</h2>
          <p className="text-stone-700">{t("myBusiness.invite")}</p>
          <p>
            <Link to={paths.map} className="text-brand-700 underline">
              {t("myBusiness.findOnMap")}
            </Link>
          </p>
        </div>
      )}
      {businesses.map((business) => (
        <BusinessCard key={business.id} business={business} requests={requests} sources={sources} email={data.email} insights={data.insights} prefill={prefill} edit={edit} aside={aside} />
      ))}
      {others.length > 0 && (
        <section aria-labelledby="my-requests" className="card">
          <h2 id="my-requests" className={ui.sectionHeading}>
            {t("myBusiness.claimsAndProposals")}
          </h2>
          <ul className="divide-y divide-stone-200">
            {others.map((r) => (
              <RequestLine key={r.id} request={r} />
            ))}
          </ul>
        </section>
      )}
      <OpenedDetails className="card" open={edit === "propose"} href={editHref("propose")} summary={<summary className="cursor-pointer font-semibold text-brand-800">{t("myBusiness.propose")}</summary>}>
        <OwnerForm id="propose" form="proposal" defaultValue={{}} sources={sources} submitLabel={t("myBusiness.send")} hidden={{ intent: "propose" }} />
      </OpenedDetails>
    </>
  );
}
