// One tab of the admin dashboard, /admin/<tab>: its list comes from the API (page, search in the address), read by the
// server for a full page load and by the browser within the site; its writes go through this route's action, which
// checks the form against the entity's schema first.
import { data, redirect, replace, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/admin-tab";
import { volunteerMessages } from "#shared/schemas/volunteer.ts";
import type { OptionSource } from "#shared/schemas/entity.ts";
import type { Paginated } from "#shared/schemas/pagination.ts";
import { messages } from "#shared/messages.ts";
import type { Role } from "#shared/constants.ts";
import type { Option, Sources } from "../components/ui/entity-fields.tsx";
import { ApiError, apiFetch, type Fetcher } from "../lib/api-client.ts";
import { requireUser, serverFetch } from "../lib/app-context.ts";
import { paths } from "../lib/paths.ts";
import { asLists, parseEntityForm } from "../components/ui/entity-form.tsx";
import { translationsOf } from "../components/ui/translation-section.tsx";
import { EntityAdmin, type ActionData } from "../features/admin/entity-admin.tsx";
import { useBusinessExtras } from "../features/admin/business-extras.tsx";
import { MyAccountTab } from "../features/admin/my-account-tab.tsx";
import { ImportScreen } from "../features/import/import-screen.tsx";
import { detailOf, SCREENS } from "../features/admin/screens.tsx";
import { AdminTable, ROLE_LABELS, TABLES } from "../features/admin/tables.tsx";
import { readRegistrationSection, registrationSaved, saveRegistrationSection } from "../features/registration/index.ts";
import { adminText } from "../features/admin/index.ts";

const PAGE_SIZE = 50;
const SOURCES: Record<OptionSource, { path: string; failed: string; label: (row: Record<string, string>) => string }> = {
  categories: { path: "/categories", failed: messages.categories.loadFailed, label: (r) => r.name! },
  tags: { path: "/tags", failed: messages.tags.loadFailed, label: (r) => r.name! },
  businesses: { path: "/businesses", failed: messages.events.failedMarkers.trim(), label: (r) => r.name! },
  authors: { path: "/admin/post-authors", failed: messages.adminPosts.authorsLoadFailed, label: (r) => r.displayName! },
  events: { path: "/events?limit=1000", failed: volunteerMessages.eventsLoadFailed, label: (r) => r.name! },
};

/**
 * Sources too long to send whole (a city's businesses): their pickers search the server as they are typed into
 * (`search`, paged, taking `q`), and `names` names the options a page's items have chosen.
 */
/** The options of a searched source the page sends: its first page (the rest are found by typing). */
const SEARCHED_PAGE = 20;
const SEARCHED: Partial<Record<OptionSource, { search: string; names: string }>> = {
  businesses: { search: "/admin/businesses", names: "/admin/business-names" },
};

async function loadList(path: string, paged: boolean, url: URL, loadFailed: (detail: string) => string, fetcher: Fetcher | undefined) {
  const query = new URLSearchParams({ page: url.searchParams.get("page") ?? "1", pageSize: String(PAGE_SIZE) });
  // `after` and `before`: the pager's links of lists read from where the page before or after stopped (decision 0068).
  for (const name of ["q", "sort", "after", "before"]) {
    const value = url.searchParams.get(name)?.trim();
    if (value) query.set(name, value);
  }
  let list: Paginated<{ id: string }>;
  try {
    if (paged) list = await apiFetch<Paginated<{ id: string }>>(`${path}?${query}`, {}, fetcher);
    else {
      const items = await apiFetch<Array<{ id: string }>>(path, {}, fetcher);
      list = { items, total: items.length, page: 1, pageSize: Math.max(1, items.length) };
    }
  } catch (error) {
    return { list: null, loadError: loadFailed(error instanceof ApiError ? error.message : "") };
  }
  // A page past the last (its only item just deleted, or an old link): the last page instead.
  if (list.items.length === 0 && list.total > 0 && list.page > 1) {
    const last = new URL(url);
    last.searchParams.set("page", String(Math.ceil(list.total / list.pageSize)));
    last.searchParams.delete("after");
    last.searchParams.delete("before");
    throw replace(`${last.pathname}${last.search}`);
  }
  return { list, loadError: null };
}

async function loadTab(tab: string, request: Request, fetcher?: Fetcher) {
  const url = new URL(request.url);
  const table = TABLES[tab as keyof typeof TABLES];
  if (table) return { ...(await loadList(table.list, true, url, () => table.loadFailed, fetcher)), sources: {}, sourceErrors: [] };
  const screen = SCREENS[tab];
  if (tab === "my-account" || tab === "import") return { list: null, loadError: null, sources: {}, sourceErrors: [] };
  if (!screen) throw data(messages.notFound, { status: 404 });
  const sources: Sources = {};
  const sourceErrors: string[] = [];
  const [list] = await Promise.all([
    loadList(screen.list, !!screen.paged, url, screen.texts.loadFailed, fetcher),
    ...(screen.sources ?? []).map(async (name) => {
      if (name in SEARCHED) return;
      try {
        const rows = await apiFetch<Array<Record<string, string>>>(SOURCES[name].path, {}, fetcher);
        // A recurring event is listed once per date to come: offered once.
        sources[name] = [...new Map(rows.map((row) => [row.id!, { value: row.id!, label: SOURCES[name].label(row) }])).values()];
      } catch {
        sourceErrors.push(SOURCES[name].failed);
      }
    }),
  ]);
  // A source searched on the server as its picker is typed into: the page sends its first page and the options its
  // items have chosen (read by id, so that their forms name them), never the whole list.
  await Promise.all(
    (screen.sources ?? []).flatMap((name) => {
      const searched = SEARCHED[name];
      if (!searched) return [];
      sources.searched = { ...sources.searched, [name]: searched.search };
      const fields = Object.entries(screen.view.fields).flatMap(([field, view]) => (view.source === name ? [field] : []));
      const ids = [...new Set((list.list?.items ?? []).flatMap((item) => fields.map((field) => (item as Record<string, unknown>)[field]).filter((id): id is string => typeof id === "string" && id !== "")))];
      return [
        (async () => {
          try {
            const [chosen, first] = await Promise.all([
              ids.length === 0 ? { items: [] } : apiFetch<{ items: Array<{ id: string; name: string }> }>(`${searched.names}?ids=${ids.map(encodeURIComponent).join(",")}`, {}, fetcher),
              apiFetch<Paginated<{ id: string; name: string }>>(`${searched.search}?page=1&pageSize=${SEARCHED_PAGE}`, {}, fetcher),
            ]);
            sources[name] = [...new Map([...chosen.items, ...first.items].map((b) => [b.id, { value: b.id, label: b.name }])).values()];
          } catch {
            sourceErrors.push(SOURCES[name].failed);
          }
        })(),
      ];
    }),
  );
  const { row } = screen;
  return { ...list, list: list.list && row ? { ...list.list, items: list.list.items.map(row) } : list.list, sources, sourceErrors };
}

// The forms' language switch (components/ui/translation-section.tsx).
export const handle = { i18n: ["content"] };

export function loader({ context, params, request }: Route.LoaderArgs) {
  requireUser(context, "admin");
  return loadTab(params.tab, request, serverFetch(context));
}

export function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  return loadTab(params.tab, request);
}

export async function clientAction({ params, request }: Route.ClientActionArgs): Promise<ActionData> {
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? "");
  const [intent, id, title] = [text("intent"), text("id"), text("label")];
  const t = await adminText();
  if (intent === "role") {
    try {
      await apiFetch(`/users/${encodeURIComponent(id)}/role`, { method: "PUT", json: { role: text("role") } });
    } catch (error) {
      return { outcome: { kind: "error", text: `${messages.users.roleUpdateFailed(id)}${error instanceof ApiError && error.status === 409 ? ` ${error.message}` : ""}` } };
    }
    // An administrator who gave up the role has no admin screens left: the site's home instead.
    if (text("role") !== "admin" && (await apiFetch<{ id: string }>("/me").catch(() => null))?.id === id) throw redirect(paths.home);
    return { outcome: { kind: "success", text: t("users.roleChanged", { email: text("email"), role: t(`roles.${text("role")}`, { defaultValue: ROLE_LABELS[text("role") as Role] }) }) } };
  }
  if (intent === "tag") {
    try {
      const tag = await apiFetch<{ id: string; name: string }>("/tags", { method: "POST", json: { name: text("name") } });
      return { outcome: { kind: "success", text: t("markers.tagAdded", { name: tag.name }) }, created: tag };
    } catch (error) {
      return { outcome: { kind: "error", text: error instanceof ApiError && error.status === 409 ? error.detail : messages.tags.addFailed } };
    }
  }
  const screen = SCREENS[params.tab]!;
  const entity = `entities.${screen.view.key ?? ""}`;
  const row = id ? { id, name: title, title } : null;
  const item = `${screen.path}/${encodeURIComponent(id)}`;
  if (intent === "delete") {
    try {
      await apiFetch(item, { method: "DELETE" });
      return { outcome: { kind: "success", text: t(`${entity}.deleted`, { name: title }) }, deleted: id };
    } catch (error) {
      return { outcome: { kind: "error", text: screen.texts.deleteFailed(detailOf(error), row!, t) } };
    }
  }
  const round = text("round");
  const parsed = parseEntityForm(form, screen.schema, screen.view.fields, screen.view.required);
  if (!parsed.ok) return { outcome: parsed.outcome, result: parsed.result, round };
  const { submission } = parsed;
  const name = String(submission.value.name ?? submission.value.title ?? "");
  // An event's registration section is checked before anything is saved, and saved once the event is.
  const registration = readRegistrationSection(form);
  if (registration?.errors) return { outcome: { kind: "error", text: Object.values(registration.errors)[0]![0]! }, result: submission.reply({ fieldErrors: registration.errors }), round };
  try {
    const written = await apiFetch<{ id?: string } | null>(id ? item : screen.path, { method: id ? "PUT" : "POST", json: { ...submission.value, ...translationsOf(form) } });
    let saved = screen.texts.saved?.(name, !!id, t) ?? t(`${entity}.${id ? "updated" : "added"}`, { name });
    const eventId = id || written?.id;
    if (registration && eventId) {
      const outcome = await saveRegistrationSection(eventId, registration.values);
      // Refused: an edited event keeps its form and the messages beside the section's fields; an added one is there already.
      if ("detail" in outcome) {
        const text = `${saved} ${t("events.registrationNotSaved", { detail: outcome.detail })}`;
        if (id) return { outcome: { kind: "error", text }, result: submission.reply({ fieldErrors: outcome.errors }), round };
        return { outcome: { kind: "error", text }, result: submission.reply({ resetForm: true }), round, done: true };
      }
      if (outcome.saved) saved = `${saved} ${registrationSaved}`;
    }
    return { outcome: { kind: "success", text: saved }, result: submission.reply({ resetForm: true }), round, done: true };
  } catch (error) {
    const fields = error instanceof ApiError ? asLists(error.fields, screen.view.fields) : {};
    return { outcome: { kind: "error", text: screen.texts.failed(detailOf(error), row, error, t) }, result: submission.reply({ fieldErrors: fields }), round };
  }
}

export default function AdminTab({ params, loaderData }: Route.ComponentProps) {
  const viewer = useRouteLoaderData<{ email: string; displayName: string }>("routes/admin");
  const extras = useBusinessExtras((loaderData.sources as Sources).tags ?? ([] as Option[]));
  const table = TABLES[params.tab as keyof typeof TABLES];
  if (params.tab === "import") return <ImportScreen />;
  if (params.tab === "my-account") return <MyAccountTab email={viewer?.email ?? ""} displayName={viewer?.displayName ?? ""} />;
  if (table) return <AdminTable table={table as never} list={loaderData.list} loadError={loaderData.loadError} />;
  return (
    <>
      {loaderData.sourceErrors.map((error) => (
        <p key={error} role="alert" className="mb-3 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      ))}
      <EntityAdmin
        key={params.tab}
        name={params.tab}
        screen={SCREENS[params.tab]!}
        list={loaderData.list}
        loadError={loaderData.loadError}
        sources={loaderData.sources}
        extras={params.tab === "markers" ? extras : undefined}
      />
    </>
  );
}
