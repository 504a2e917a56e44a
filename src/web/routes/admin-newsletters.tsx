// /admin/newsletters: the newsletters to subscribers, each with its queued/sent/failed counts; writing one (text,
// cards, topics), previewing it at a phone's and a desktop's width, testing and sending it; and the next weekly digest.
import { useMemo, useState } from "react";
import type { Route } from "./+types/admin-newsletters";
import type { Category } from "#shared/schemas/category.ts";
import type { Event } from "#shared/schemas/event.ts";
import type { DigestPlan, Newsletter } from "#shared/schemas/newsletter.ts";
import type { Offer } from "#shared/schemas/offer.ts";
import type { SiteSettings } from "#shared/schemas/site-settings.ts";
import { categoryTopic, FIXED_TOPICS } from "#shared/schemas/subscription.ts";
import { INTL_LOCALE } from "#shared/i18n/format.ts";
import { offerTitle } from "#shared/format.ts";
import { ui } from "#web/components/ui/classes.ts";
import { When } from "#web/components/ui/when.tsx";
import { Counts, DigestPlanner, NewsletterForm, NewsletterSending, type NewsletterOptions } from "#web/features/newsletter/index.ts";
import { ApiError, apiFetch, type Fetcher } from "#web/lib/api-client.ts";
import { requireUser, serverFetch } from "#web/lib/app-context.ts";
import { MANAGE_NAMESPACE, useManageText } from "#web/lib/manage-text.ts";

export const handle = { i18n: [MANAGE_NAMESPACE] };

type CardChoices = { events: Array<Pick<Event, "id" | "name" | "eventDate">>; offers: Array<Pick<Offer, "id" | "type" | "businessName">>; categories: Array<Pick<Category, "id" | "name">> };

async function load(fetcher?: Fetcher) {
  try {
    const [list, plan, categories, events, offers, settings] = await Promise.all([
      apiFetch<{ items: Newsletter[] }>("/newsletters", {}, fetcher),
      apiFetch<DigestPlan>("/newsletter-digest", {}, fetcher),
      apiFetch<Category[]>("/categories", {}, fetcher),
      apiFetch<Event[]>("/events", {}, fetcher),
      apiFetch<Offer[]>("/offers", {}, fetcher),
      apiFetch<SiteSettings>("/site-settings", {}, fetcher),
    ]);
    // A series is listed once, by its next date.
    const choices: CardChoices = {
      events: [...new Map(events.map((e) => [e.id, { id: e.id, name: e.name, eventDate: e.eventDate }])).values()],
      offers: offers.map((o) => ({ id: o.id, type: o.type, businessName: o.businessName })),
      categories: categories.map((c) => ({ id: c.id, name: c.name })),
    };
    return { newsletters: list.items, plan, choices, timeZone: settings.timeZone, loadError: null };
  } catch (error) {
    return { newsletters: [], plan: null, choices: null, timeZone: "UTC", loadError: `Failed to load the newsletters. ${error instanceof ApiError ? error.message : ""}`.trim() };
  }
}

export function loader({ context }: Route.LoaderArgs) {
  requireUser(context, "admin");
  return load(serverFetch(context));
}

export function clientLoader() {
  return load();
}

/** The cards and topics to choose from, named in the page's language. */
function useNewsletterOptions(choices: CardChoices | null, timeZone: string): NewsletterOptions | null {
  const { t, lang } = useManageText();
  return useMemo(() => {
    if (!choices) return null;
    const day = new Intl.DateTimeFormat(INTL_LOCALE[lang], { month: "short", day: "numeric", timeZone });
    return {
      cards: {
        event: choices.events.map((e) => ({ id: e.id, label: `${e.name} (${day.format(new Date(e.eventDate))})` })),
        offer: choices.offers.map((o) =>
          lang === "en"
            ? { id: o.id, label: offerTitle(o, "Special Offer") }
            : { id: o.id, label: t("newsletters.offerLabel", { type: o.type?.trim() || t("newsletters.specialOffer"), business: o.businessName?.trim() || t("newsletters.aBusiness") }) },
        ),
      },
      topics: [...FIXED_TOPICS.map((topic) => ({ value: topic as string, label: t(`newsletters.topics.${topic}`) })), ...choices.categories.map((c) => ({ value: categoryTopic(c.id) as string, label: c.name }))],
    };
  }, [choices, timeZone, lang, t]);
}

export default function AdminNewsletters({ loaderData }: Route.ComponentProps) {
  const { plan, choices, timeZone, loadError } = loaderData;
  const { t } = useManageText();
  const options = useNewsletterOptions(choices, timeZone);
  const [newsletters, setNewsletters] = useState(loaderData.newsletters);
  const [editing, setEditing] = useState<Newsletter | "new" | null>(null);
  // A new form for each newsletter opened (or each new one), but not when the one open is saved: its message stays.
  const [opened, setOpened] = useState(0);
  const open = (what: Newsletter | "new") => {
    setEditing(what);
    setOpened((n) => n + 1);
  };
  const current = editing === "new" || editing === null ? null : (newsletters.find((n) => n.id === editing.id) ?? editing);
  const remember = (saved: Newsletter) => {
    setNewsletters((list) => [saved, ...list.filter((n) => n.id !== saved.id)]);
    setEditing(saved);
  };

  return (
    <section aria-labelledby="newsletters-heading" className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="newsletters-heading" className={ui.sectionHeading}>
          {t("newsletters.heading", { count: newsletters.length })}
        </h2>
        <button type="button" className={ui.primary} onClick={() => open("new")}>
          {t("newsletters.write")}
        </button>
      </div>
      {loadError && (
        <p role="alert" className={ui.error}>
          {loadError}
        </p>
      )}
      {options && editing !== null && (
        <div className="card grid gap-6">
          <NewsletterForm key={opened} newsletter={current} options={options} onSaved={remember} />
          {current && current.kind === "newsletter" && <NewsletterSending newsletter={current} timeZone={timeZone} onChanged={remember} />}
          <div>
            <button type="button" className={ui.secondary} onClick={() => setEditing(null)}>
              {t("newsletters.close")}
            </button>
          </div>
        </div>
      )}
      {newsletters.length === 0 ? (
        <p className="text-stone-700">{t("newsletters.none")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className={ui.table}>
            <caption className="sr-only">{t("newsletters.caption")}</caption>
            <thead>
              <tr>
                <th scope="col" className={ui.th}>
                  {t("newsletters.subject")}
                </th>
                <th scope="col" className={ui.th}>
                  {t("newsletters.status")}
                </th>
                <th scope="col" className={ui.th}>
                  {t("newsletters.goesOrWent")}
                </th>
                <th scope="col" className={ui.th}>
                  {t("newsletters.messages")}
                </th>
              </tr>
            </thead>
            <tbody>
              {newsletters.map((n) => (
                <tr key={n.id}>
                  <td className={ui.td}>
                    {n.kind === "newsletter" ? (
                      <button type="button" className="text-start text-brand-700 underline" onClick={() => open(n)}>
                        {n.subject}
                      </button>
                    ) : (
                      t("newsletters.weeklyDigest")
                    )}
                  </td>
                  <td className={ui.td}>{t(`newsletters.statuses.${n.status}`)}</td>
                  <td className={ui.td}>{n.sendAt ? <When iso={n.sendAt} /> : t("newsletters.notYet")}</td>
                  <td className={ui.td}>
                    <Counts newsletter={n} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {plan && options && <DigestPlanner plan={plan} topics={options.topics} />}
    </section>
  );
}
