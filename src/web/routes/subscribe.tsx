// /subscribe: the newsletter's sign-up with every topic, each category of business too (double opt-in: the address
// gets a confirmation mail first).
import type { Route } from "./+types/subscribe";
import type { Category } from "#shared/schemas/category.ts";
import { apiFetch, type Fetcher } from "../lib/api-client.ts";
import { serverFetch } from "../lib/app-context.ts";
import { pageTitle } from "../lib/meta.ts";
import { metaText } from "../features/seo/meta-text.ts";
import { SubscribeForm } from "../features/subscriptions/index.ts";
import { usePublicText } from "../lib/public-text.ts";

async function load(fetcher?: Fetcher) {
  // Without the categories the form still offers events, offers and news.
  const categories = await apiFetch<Category[]>("/categories", {}, fetcher).catch(() => []);
  return { categories: categories.map(({ id, name, translations }) => ({ id, name, translations })) };
}

export function loader({ context }: Route.LoaderArgs) {
  return load(serverFetch(context));
}

export function clientLoader() {
  return load();
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, metaText(matches).t("meta.subscribe.title"));

export default function Subscribe({ loaderData }: Route.ComponentProps) {
  const { t } = usePublicText();
  return (
    <section className="grid max-w-2xl gap-4">
      <h1 className="page-heading">{t("subscribePage.heading")}</h1>
      <p className="text-stone-800">{t("subscribePage.intro")}</p>
      <div className="card">
        <SubscribeForm variant="page" categories={loaderData.categories} />
      </div>
    </section>
  );
}
