// What a tag's page and a category's page load and say about themselves: the businesses under the tag or category,
// or why there are none to show (no slug, no such tag or category, the list failing to load).
import { data, type MetaDescriptor } from "react-router";
import { slugify, unslugify } from "#shared/format.ts";
import { languageSettingsOf, pageLanguage } from "#shared/i18n/index.ts";
import { messages } from "#shared/messages.ts";
import type { Translations } from "#shared/schemas/translations.ts";
import { localizedText } from "#shared/i18n/localized-text.ts";
import { getApp, loadOr } from "#web/lib/app-context.ts";
import { metaText, pageMeta, siteOrigin } from "../seo/index.ts";
import { listMessage, toListed, type BusinessListState, type ListedBusiness } from "./business-list-page.tsx";
import type { BusinessList } from "./business-lists.ts";

type Services = ReturnType<typeof getApp>["services"];
type Context = Parameters<typeof getApp>[0];

export interface BusinessListSource {
  /** Names the page's data where its failure is logged. */
  what: "category" | "tag";
  noSlug: string;
  notFound: (name: string) => string;
  /** The tag or category with this slug, and how to read its businesses; undefined when there is none. */
  find: (
    services: Services,
    slug: string,
  ) => Promise<{ id: string; name: string; description: string | null; businesses: () => Promise<ListedBusiness[]> } | undefined>;
}

export async function loadBusinessList(context: Context, request: Request, rawSlug: string | undefined, source: BusinessListSource) {
  const { services } = getApp(context);
  const origin = siteOrigin(request, context);
  const slug = rawSlug?.trim() ?? "";
  // The canonical address spells the slug from the stored name.
  const respond = (page: BusinessListState, status = 200) => data({ origin, slug: page.state === "ok" ? slugify(page.name) : slug, page }, { status });

  if (!slug) return respond({ state: "message", message: source.noSlug, alert: false, name: null, reason: "no-slug", subject: "" }, 404);
  let name = unslugify(slug);
  return loadOr(
    context,
    source.what,
    async () => {
      const found = await source.find(services, slug);
      if (!found) return respond({ state: "message", message: source.notFound(name), alert: false, name: null, reason: "not-found", subject: name }, 404);
      // Known from here on: a failure to read the businesses names the tag or category as stored.
      name = found.name;
      const [businesses, site] = await Promise.all([found.businesses(), services.siteSettings.get()]);
      // The name, description and businesses' descriptions in the page's language, else the originals marked with theirs.
      const languages = languageSettingsOf(site);
      const language = pageLanguage(new URL(request.url).pathname, languages);
      const [texts, translations] = await Promise.all([
        services.translations.localize(source.what, found.id, { name: found.name, description: found.description }, language),
        language === languages.defaultLanguage ? new Map<string, Translations>() : services.translations.readMany("business", businesses.map((b) => b.id)),
      ]);
      // A tag or category has no picture of its own: its previews show the first listed business's logo.
      const image = businesses.find((b) => b.logoUrl)?.logoUrl ?? null;
      const listed = businesses.map((b) => {
        const description = localizedText(b.description, translations.get(b.id), "description", language, languages.defaultLanguage);
        return { ...toListed(b), description: description.text, descriptionLang: description.lang };
      });
      return respond({ state: "ok", name, heading: texts.name, description: texts.description.text ? texts.description : null, businesses: listed, image });
    },
    () => respond({ state: "message", message: messages.tagPage.failed(name, messages.tryAgainLater), alert: true, name, reason: "failed", subject: name }, 503),
  );
}

/** The page's title and description in its language; they say how the businesses belong to it ("in Restaurants"). */
export function businessListMeta(
  matches: Parameters<typeof pageMeta>[0],
  loaderData: { origin: string; slug: string; page: BusinessListState } | undefined,
  { kind, meta: { path } }: BusinessList,
): MetaDescriptor[] {
  const { t } = metaText(matches);
  const page = loaderData?.page;
  const ok = page?.state === "ok";
  const count = ok ? page.businesses.length : 0;
  const listed = (name: string) => t("meta.list.businesses", { count, among: t(`meta.list.among.${kind}`, { name }) });
  return pageMeta(matches, {
    title: ok ? (page.heading.text ?? page.name) : t(`list.kind.${kind}`),
    description: ok ? sentence(`${listed(page.heading.text ?? page.name)}${count ? `: ${page.businesses.slice(0, 5).map((b) => b.name).join(", ")}` : ""}`) : page?.state === "message" ? listMessage(page, kind, t) : "",
    origin: loaderData?.origin ?? "",
    path: path(loaderData?.slug ?? ""),
    image: ok ? page.image : null,
    noindex: !ok,
  });
}

/** The text ended with a full stop, unless it ends with one already (the last name listed being "Smokestack BBQ Co."). */
function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
