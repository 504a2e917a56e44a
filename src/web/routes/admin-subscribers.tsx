// /admin/subscribers: the newsletter's subscribers, newest first, searched by address and filtered by topic and
// state (all in the address, as in the other admin lists), each with its consent records; unsubscribing one; the
// whole list with its consent records as CSV.
import { Form, replace, useNavigation, useRevalidator, useSearchParams } from "react-router";
import type { Route } from "./+types/admin-subscribers";
import type { Category } from "#shared/schemas/category.ts";
import { DEFAULT_PAGE_SIZE, type Paginated } from "#shared/schemas/pagination.ts";
import { categoryIdOf, FIXED_TOPICS, SUBSCRIBER_STATES, type AdminSubscriber } from "#shared/schemas/subscription.ts";
import type { TFunction } from "i18next";
import { formatNumber } from "#shared/i18n/format.ts";
import { ui } from "#web/components/ui/classes.ts";
import { Pager } from "#web/components/ui/pager.tsx";
import { When } from "#web/components/ui/when.tsx";
import { ApiError, apiFetch, type Fetcher } from "#web/lib/api-client.ts";
import { requireUser, serverFetch } from "#web/lib/app-context.ts";
import { SubscriberImport } from "#web/features/subscriptions/index.ts";
import { MANAGE_NAMESPACE, useManageText } from "#web/lib/manage-text.ts";

export const handle = { i18n: [MANAGE_NAMESPACE] };

/** Where a consent was given, as its record's `source` starts ("footer", "import:<id>"). */
const SOURCES = ["footer", "subscribe-page", "account", "preferences", "import"];

async function load(request: Request, fetcher?: Fetcher) {
  const url = new URL(request.url);
  const query = new URLSearchParams({ page: url.searchParams.get("page") ?? "1", pageSize: String(DEFAULT_PAGE_SIZE) });
  for (const name of ["q", "topic", "state"]) {
    const value = url.searchParams.get(name)?.trim();
    if (value) query.set(name, value);
  }
  const categories = (await apiFetch<Category[]>("/categories", {}, fetcher).catch(() => [])).map(({ id, name }) => ({ id, name }));
  let list: Paginated<AdminSubscriber>;
  try {
    list = await apiFetch<Paginated<AdminSubscriber>>(`/subscribers?${query}`, {}, fetcher);
  } catch (error) {
    return { list: null, categories, loadError: `Failed to load the subscribers. ${error instanceof ApiError ? error.message : ""}`.trim() };
  }
  if (list.items.length === 0 && list.total > 0 && list.page > 1) {
    const last = new URL(url);
    last.searchParams.set("page", String(Math.ceil(list.total / list.pageSize)));
    throw replace(`${last.pathname}${last.search}`);
  }
  return { list, categories, loadError: null };
}

export function loader({ context, request }: Route.LoaderArgs) {
  requireUser(context, "admin");
  return load(request, serverFetch(context));
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return load(request);
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  try {
    await apiFetch(`/subscribers/${encodeURIComponent(String(form.get("id")))}/unsubscribe`, { method: "POST" });
    return { error: null };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

function topicLabel(topic: string, categories: ReadonlyArray<{ id: string; name: string }>, t: TFunction): string {
  const categoryId = categoryIdOf(topic);
  if (categoryId) return categories.find((c) => c.id === categoryId)?.name ?? t("subscribers.deletedCategory");
  return (FIXED_TOPICS as readonly string[]).includes(topic) ? t(`newsletters.topics.${topic}`) : topic;
}

function Filters({ categories }: { categories: ReadonlyArray<{ id: string; name: string }> }) {
  const [params] = useSearchParams();
  const { t } = useManageText();
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" role="search" aria-label={t("subscribers.label")}>
      <div className="min-w-0 flex-1 basis-48">
        <label htmlFor="subscribers-q" className={ui.label}>
          {t("subscribers.findByAddress")}
        </label>
        <input id="subscribers-q" name="q" type="search" defaultValue={params.get("q") ?? ""} className={ui.input} />
      </div>
      <div>
        <label htmlFor="subscribers-topic" className={ui.label}>
          {t("subscribers.topic")}
        </label>
        <select id="subscribers-topic" name="topic" defaultValue={params.get("topic") ?? ""} className={ui.input}>
          <option value="">{t("subscribers.anyTopic")}</option>
          {FIXED_TOPICS.map((topic) => (
            <option key={topic} value={topic}>
              {t(`newsletters.topics.${topic}`)}
            </option>
          ))}
          {categories.map((c) => (
            <option key={c.id} value={`category:${c.id}`}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="subscribers-state" className={ui.label}>
          {t("subscribers.state")}
        </label>
        <select id="subscribers-state" name="state" defaultValue={params.get("state") ?? ""} className={ui.input}>
          <option value="">{t("subscribers.anyState")}</option>
          {SUBSCRIBER_STATES.map((s) => (
            <option key={s} value={s}>
              {t(`subscribers.states.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={ui.secondary}>
        {t("subscribers.filter")}
      </button>
      {/* The CSV itself keeps English column headers in every language: it is data that spreadsheets and other tools read by those names. */}
      <a href="/api/v1/exports/subscribers.csv" download className={ui.secondary} aria-label={t("subscribers.exportLabel")}>
        {t("insights.exportCsv")}
      </a>
    </Form>
  );
}

function Subscriber({ subscriber: s, categories, busy }: { subscriber: AdminSubscriber; categories: ReadonlyArray<{ id: string; name: string }>; busy: boolean }) {
  const { t } = useManageText();
  const sourceOf = (source: string) => {
    const kind = source.split(":")[0]!;
    return SOURCES.includes(kind) ? t(`subscribers.sources.${kind}`) : source;
  };
  return (
    <li className="card grid gap-2" aria-labelledby={`subscriber-${s.id}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`subscriber-${s.id}`} className="text-lg font-semibold break-all text-stone-900">
          {s.email}
        </h3>
        <p className="text-sm text-stone-700">{t(`subscribers.states.${s.state}`)}</p>
      </div>
      <p className="text-sm text-stone-700">{t("subscribers.topics", { topics: s.topics.map((topic) => topicLabel(topic, categories, t)).join(", ") || t("subscribers.noTopics") })}</p>
      <details>
        <summary className="cursor-pointer font-semibold text-brand-800">{t("subscribers.consent", { count: s.consents.length })}</summary>
        <ul className="mt-2 grid gap-2 text-sm">
          {s.consents.map((c) => (
            <li key={c.id} className="text-stone-800">
              <When iso={c.givenAt} />
              {t("subscribers.consentRecord", { source: sourceOf(c.source), email: c.email, text: c.text })}
            </li>
          ))}
        </ul>
      </details>
      {s.state !== "unsubscribed" && (
        <Form method="post">
          <input type="hidden" name="id" value={s.id} />
          <button type="submit" className={ui.danger} disabled={busy} aria-label={t("subscribers.unsubscribeOf", { email: s.email })}>
            {t("subscribers.unsubscribe")}
          </button>
        </Form>
      )}
    </li>
  );
}

export default function AdminSubscribers({ loaderData, actionData }: Route.ComponentProps) {
  const { list, loadError, categories } = loaderData;
  const busy = useNavigation().state !== "idle";
  const revalidator = useRevalidator();
  const { t, lang } = useManageText();
  return (
    <section aria-labelledby="subscribers-heading" className="grid gap-4">
      <h2 id="subscribers-heading" className={ui.sectionHeading}>
        {list?.totalIsLowerBound ? t("subscribers.headingMoreThan", { number: formatNumber(list.total - 1, lang) }) : t("subscribers.heading", { count: list?.total ?? 0 })}
      </h2>
      <Filters categories={categories} />
      <SubscriberImport onChanged={() => void revalidator.revalidate()} />
      {(loadError ?? actionData?.error) && (
        <p role="alert" className={ui.error}>
          {loadError ?? actionData?.error}
        </p>
      )}
      {list?.total === 0 && <p className="text-stone-700">{t("subscribers.noneMatch")}</p>}
      {list && list.total > 0 && (
        <>
          <ul className="grid gap-3">
            {list.items.map((s) => (
              <Subscriber key={s.id} subscriber={s} categories={categories} busy={busy} />
            ))}
          </ul>
          <Pager label={t("subscribers.label")} page={list.page} pageSize={list.pageSize} total={list.total} lowerBound={list.totalIsLowerBound} />
        </>
      )}
    </section>
  );
}
