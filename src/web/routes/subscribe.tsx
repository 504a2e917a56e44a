// /subscribe: the newsletter's sign-up with every topic, each category of business too (double opt-in: the address
// gets a confirmation mail first).
import type { Route } from "./+types/subscribe";
import type { Category } from "#shared/schemas/category.ts";
import { apiFetch, type Fetcher } from "../lib/api-client.ts";
import { serverFetch } from "../lib/app-context.ts";
import { pageTitle } from "../lib/meta.ts";
import { SubscribeForm } from "../features/subscriptions/index.ts";

async function load(fetcher?: Fetcher) {
  // Without the categories the form still offers events, offers and news.
  const categories = await apiFetch<Category[]>("/categories", {}, fetcher).catch(() => []);
  return { categories: categories.map(({ id, name }) => ({ id, name })) };
}

export function loader({ context }: Route.LoaderArgs) {
  return load(serverFetch(context));
}

export function clientLoader() {
  return load();
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Subscribe to the newsletter");

export default function Subscribe({ loaderData }: Route.ComponentProps) {
  return (
    <section className="grid max-w-2xl gap-4">
      <h1 className="page-heading">Subscribe to the newsletter</h1>
      <p className="text-stone-800">
        Events, offers and news from downtown in your inbox. Choose what you want to hear about; we send a confirmation message first, and nothing else
        until you open its link. Every message has a link to change your topics or unsubscribe.
      </p>
      <div className="card">
        <SubscribeForm variant="page" categories={loaderData.categories} />
      </div>
    </section>
  );
}
