// /admin/subscribers: the newsletter's subscribers, newest first, searched by address and filtered by topic and
// state (all in the address, as in the other admin lists), each with its consent records; unsubscribing one; the
// whole list with its consent records as CSV.
import { Form, replace, useNavigation, useRevalidator, useSearchParams } from "react-router";
import type { Route } from "./+types/admin-subscribers";
import type { Category } from "#shared/schemas/category.ts";
import { DEFAULT_PAGE_SIZE, type Paginated } from "#shared/schemas/pagination.ts";
import { categoryIdOf, FIXED_TOPIC_LABELS, FIXED_TOPICS, SUBSCRIBER_STATES, type AdminSubscriber, type FixedTopic } from "#shared/schemas/subscription.ts";
import { ui } from "#web/components/ui/field.tsx";
import { Pager } from "#web/components/ui/pager.tsx";
import { When } from "#web/components/ui/when.tsx";
import { ApiError, apiFetch, type Fetcher } from "#web/lib/api-client.ts";
import { requireUser, serverFetch } from "#web/lib/app-context.ts";
import { SubscriberImport } from "#web/features/subscriptions/index.ts";

const STATE_LABELS: Record<AdminSubscriber["state"], string> = { pending: "Waiting for confirmation", confirmed: "Subscribed", paused: "Paused", unsubscribed: "Unsubscribed" };
const SOURCE_LABELS: Record<string, string> = { footer: "the form in the page footer", "subscribe-page": "the subscribe page", account: "My Account", preferences: "the preferences page", import: "a CSV import" };

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

function topicLabel(topic: string, categories: ReadonlyArray<{ id: string; name: string }>): string {
  const categoryId = categoryIdOf(topic);
  if (categoryId) return categories.find((c) => c.id === categoryId)?.name ?? "A deleted category";
  return FIXED_TOPIC_LABELS[topic as FixedTopic] ?? topic;
}

function Filters({ categories }: { categories: ReadonlyArray<{ id: string; name: string }> }) {
  const [params] = useSearchParams();
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" role="search" aria-label="Subscribers">
      <div className="min-w-0 flex-1 basis-48">
        <label htmlFor="subscribers-q" className={ui.label}>
          Find by address
        </label>
        <input id="subscribers-q" name="q" type="search" defaultValue={params.get("q") ?? ""} className={ui.input} />
      </div>
      <div>
        <label htmlFor="subscribers-topic" className={ui.label}>
          Topic
        </label>
        <select id="subscribers-topic" name="topic" defaultValue={params.get("topic") ?? ""} className={ui.input}>
          <option value="">Any topic</option>
          {FIXED_TOPICS.map((t) => (
            <option key={t} value={t}>
              {FIXED_TOPIC_LABELS[t]}
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
          State
        </label>
        <select id="subscribers-state" name="state" defaultValue={params.get("state") ?? ""} className={ui.input}>
          <option value="">Any state</option>
          {SUBSCRIBER_STATES.map((s) => (
            <option key={s} value={s}>
              {STATE_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={ui.secondary}>
        Filter
      </button>
      <a href="/api/v1/exports/subscribers.csv" download className={ui.secondary} aria-label="Export CSV of all subscribers and their consent records">
        Export CSV
      </a>
    </Form>
  );
}

function Subscriber({ subscriber: s, categories, busy }: { subscriber: AdminSubscriber; categories: ReadonlyArray<{ id: string; name: string }>; busy: boolean }) {
  return (
    <li className="card grid gap-2" aria-labelledby={`subscriber-${s.id}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`subscriber-${s.id}`} className="text-lg font-semibold break-all text-stone-900">
          {s.email}
        </h3>
        <p className="text-sm text-stone-700">{STATE_LABELS[s.state]}</p>
      </div>
      <p className="text-sm text-stone-700">Topics: {s.topics.map((t) => topicLabel(t, categories)).join(", ") || "none"}</p>
      <details>
        <summary className="cursor-pointer font-semibold text-brand-800">Consent ({s.consents.length})</summary>
        <ul className="mt-2 grid gap-2 text-sm">
          {s.consents.map((c) => (
            <li key={c.id} className="text-stone-800">
              <When iso={c.givenAt} />, from {SOURCE_LABELS[c.source.split(":")[0]!] ?? c.source}, for {c.email}: “{c.text}”
            </li>
          ))}
        </ul>
      </details>
      {s.state !== "unsubscribed" && (
        <Form method="post">
          <input type="hidden" name="id" value={s.id} />
          <button type="submit" className={ui.danger} disabled={busy} aria-label={`Unsubscribe ${s.email}`}>
            Unsubscribe
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
  return (
    <section aria-labelledby="subscribers-heading" className="grid gap-4">
      <h2 id="subscribers-heading" className={ui.sectionHeading}>
        Subscribers ({list?.total ?? 0})
      </h2>
      <Filters categories={categories} />
      <SubscriberImport onChanged={() => void revalidator.revalidate()} />
      {(loadError ?? actionData?.error) && (
        <p role="alert" className={ui.error}>
          {loadError ?? actionData?.error}
        </p>
      )}
      {list?.total === 0 && <p className="text-stone-700">No subscribers match.</p>}
      {list && list.total > 0 && (
        <>
          <ul className="grid gap-3">
            {list.items.map((s) => (
              <Subscriber key={s.id} subscriber={s} categories={categories} busy={busy} />
            ))}
          </ul>
          <Pager label="Subscribers" page={list.page} pageSize={list.pageSize} total={list.total} />
        </>
      )}
    </section>
  );
}
