// The body of a tag or category page: the businesses, each linking to its page, or the page's message.
import { breadcrumbJsonLd, itemListJsonLd, JsonLd } from "../seo/index.ts";
import { TRUNCATE } from "#shared/constants.ts";
import { truncate } from "#shared/format.ts";
import { paths } from "#web/lib/paths.ts";
import { usePublicText } from "#web/lib/public-text.ts";
import { LocalLink } from "#web/components/ui/local-link.tsx";
import type { TFunction } from "i18next";
import type { Language } from "#shared/i18n/index.ts";
import type { LocalizedText } from "#shared/i18n/localized-text.ts";

export interface ListedBusiness {
  id: string;
  name: string;
  address: string | null;
  description: string | null;
  /** Set when the description is the original, in another language than the page's. */
  descriptionLang?: Language;
  /** Read for the page's link preview; the list does not show it. */
  logoUrl?: string | null;
}

export type BusinessListState =
  /** `name` is the stored name (the address's slug); `heading` and `description` are in the page's language when translated. */
  | { state: "ok"; name: string; heading: LocalizedText; description: LocalizedText | null; businesses: ListedBusiness[]; image: string | null }
  /** `reason` and `subject` say the message again in the page's language (`message` is the spec's English). */
  | { state: "message"; message: string; alert: boolean; name: string | null; reason: "no-slug" | "not-found" | "failed"; subject: string };

export function toListed(b: ListedBusiness): ListedBusiness {
  return { id: b.id, name: b.name, address: b.address, description: b.description };
}

/** The page's message in its language. */
export function listMessage(page: Extract<BusinessListState, { state: "message" }>, kind: "Tag" | "Category", t: TFunction<"public">): string {
  return page.reason === "failed"
    ? t("list.failed", { name: page.subject, message: t("list.tryAgainLater") })
    : page.reason === "not-found"
      ? t(`list.notFound.${kind}`, { name: page.subject })
      : t(`list.noSlug.${kind}`);
}

/** `path` is the page's own address, the last step of its breadcrumb trail (Home, Map, the tag or category). */
export function BusinessListPage({ kind, page, origin, path }: { kind: "Tag" | "Category"; page: BusinessListState; empty?: string; origin: string; path: string }) {
  const { t, lang } = usePublicText();
  if (page.state === "message") {
    const message = listMessage(page, kind, t);
    return (
      <>
        <h1 className="page-heading">{page.name ?? t(`list.kind.${kind}`)}</h1>
        <p
          role={page.alert ? "alert" : undefined}
          className={
            page.alert ? "mt-4 rounded-md border border-red-300 bg-red-50 px-4 py-3 font-medium text-red-800" : "mt-4 text-stone-700"
          }
        >
          {message}
        </p>
      </>
    );
  }
  const heading = page.heading.text ?? page.name;
  return (
    <>
      {page.businesses.length > 0 && (
        <JsonLd data={itemListJsonLd(heading, page.businesses.map((b) => ({ name: b.name, url: `${origin}${paths.business(b.id)}` })))} />
      )}
      <JsonLd data={breadcrumbJsonLd(origin, [{ name: t("list.map"), path: paths.map }, { name: heading, path }], { language: lang, home: t("home.breadcrumb") })} />
      <p className="text-sm font-semibold tracking-wide text-stone-600 uppercase">{t(`list.kind.${kind}`)}</p>
      <h1 className="page-heading" lang={page.heading.lang} dir="auto">
        {heading}
      </h1>
      {page.description?.text && (
        <p className="mt-2 max-w-3xl text-stone-700" lang={page.description.lang} dir="auto">
          {page.description.text}
        </p>
      )}
      {page.businesses.length === 0 ? (
        <p className="mt-4 text-stone-600">{t(`list.empty.${kind}`)}</p>
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {page.businesses.map((business) => (
            <li key={business.id} className="card">
              <h2 className="text-lg font-semibold">
                <LocalLink to={paths.business(business.id)} dir="auto" className="text-brand-700 underline">
                  {business.name}
                </LocalLink>
              </h2>
              {business.address && <p className="mt-1 text-sm text-stone-600">{business.address}</p>}
              {business.description && (
                <p className="mt-2 text-stone-700" lang={business.descriptionLang} dir="auto">{truncate(business.description, TRUNCATE.tagCategoryPage)}</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
