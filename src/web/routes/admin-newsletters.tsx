// /admin/newsletters: the newsletters to subscribers, each with its queued/sent/failed counts; writing one (text,
// cards, topics), previewing it at a phone's and a desktop's width, testing and sending it; and the next weekly digest.
import { useState } from "react";
import type { Route } from "./+types/admin-newsletters";
import type { Category } from "#shared/schemas/category.ts";
import type { Event } from "#shared/schemas/event.ts";
import type { DigestPlan, Newsletter } from "#shared/schemas/newsletter.ts";
import type { Offer } from "#shared/schemas/offer.ts";
import type { SiteSettings } from "#shared/schemas/site-settings.ts";
import { categoryTopic, FIXED_TOPIC_LABELS, FIXED_TOPICS } from "#shared/schemas/subscription.ts";
import { offerTitle } from "#shared/format.ts";
import { ui } from "#web/components/ui/field.tsx";
import { When } from "#web/components/ui/when.tsx";
import { Counts, DigestPlanner, NewsletterForm, NewsletterSending, STATUS_LABELS, type NewsletterOptions } from "#web/features/newsletter/index.ts";
import { ApiError, apiFetch, type Fetcher } from "#web/lib/api-client.ts";
import { requireUser, serverFetch } from "#web/lib/app-context.ts";

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
    const options: NewsletterOptions = {
      cards: {
        // A series is listed once, by its next date.
        event: [
          ...new Map(
            events.map((e) => [e.id, { id: e.id, label: `${e.name} (${new Date(e.eventDate).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: settings.timeZone })})` }]),
          ).values(),
        ],
        offer: offers.map((o) => ({ id: o.id, label: offerTitle(o, "Special Offer") })),
      },
      topics: [...FIXED_TOPICS.map((t) => ({ value: t as string, label: FIXED_TOPIC_LABELS[t] })), ...categories.map((c) => ({ value: categoryTopic(c.id) as string, label: c.name }))],
    };
    return { newsletters: list.items, plan, options, timeZone: settings.timeZone, loadError: null };
  } catch (error) {
    return { newsletters: [], plan: null, options: null, timeZone: "UTC", loadError: `Failed to load the newsletters. ${error instanceof ApiError ? error.message : ""}`.trim() };
  }
}

export function loader({ context }: Route.LoaderArgs) {
  requireUser(context, "admin");
  return load(serverFetch(context));
}

export function clientLoader() {
  return load();
}

export default function AdminNewsletters({ loaderData }: Route.ComponentProps) {
  const { plan, options, timeZone, loadError } = loaderData;
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
          Newsletters ({newsletters.length})
        </h2>
        <button type="button" className={ui.primary} onClick={() => open("new")}>
          Write a newsletter
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
              Close
            </button>
          </div>
        </div>
      )}
      {newsletters.length === 0 ? (
        <p className="text-stone-700">No newsletters yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className={ui.table}>
            <caption className="sr-only">Newsletters and weekly digests, newest first</caption>
            <thead>
              <tr>
                <th scope="col" className={ui.th}>
                  Subject
                </th>
                <th scope="col" className={ui.th}>
                  Status
                </th>
                <th scope="col" className={ui.th}>
                  Goes or went
                </th>
                <th scope="col" className={ui.th}>
                  Messages
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
                      "Weekly digest"
                    )}
                  </td>
                  <td className={ui.td}>{STATUS_LABELS[n.status]}</td>
                  <td className={ui.td}>{n.sendAt ? <When iso={n.sendAt} /> : "Not yet"}</td>
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
