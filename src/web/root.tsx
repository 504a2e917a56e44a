import { useEffect } from "react";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import { useTranslation } from "react-i18next";
import { cookieLanguage, isLocalizedPath, languageSettingsOf, pageLanguage, prefixOf, switchLanguage, unprefixed } from "#shared/i18n/index.ts";
import type { Route } from "./+types/root";
import { getApp } from "./lib/app-context.ts";
import { siteOrigin } from "./features/seo/index.ts";
import { useNonce } from "./lib/nonce.tsx";
import { SiteHeader } from "./components/layout/site-header.tsx";
import { SiteFooter } from "./components/layout/site-footer.tsx";
import { loadedApart } from "./lib/loaded-apart.tsx";
import { RouteError } from "./components/layout/route-error.tsx";
import { messages } from "#shared/messages.ts";
import "./app.css";

/** The footer's newsletter sign-up is on every page: its catalog loads with the layout's. */
export const handle = { i18n: ["subscribe"] };

/** The footer's sign-up form (its schema, Conform, the proof of work) comes after the page's own scripts. */
const FooterSubscribeForm = loadedApart(
  import.meta.env.SSR ? (await import("./features/subscriptions/subscribe-form.tsx")).SubscribeForm : null,
  () => import("./features/subscriptions/subscribe-form.tsx").then((module) => module.SubscribeForm),
);

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, user, unreadAnnouncements: known } = getApp(context);
  const [settings, unreadAnnouncements] = await Promise.all([services.siteSettings.get(), known !== undefined ? known : services.announcements.unreadCount(user)]);
  const { pathname } = new URL(request.url);
  const languages = languageSettingsOf(settings);
  // A language the association has not turned on has no pages.
  const prefix = prefixOf(pathname);
  if (prefix && !languages.languages.includes(prefix)) throw data(messages.notFound, { status: 404 });
  // The public pages' is their address's; the others follow the person's choice (src/shared/i18n/languages.ts).
  const language = pageLanguage(pathname, languages, chosenLanguage(request, user));
  return {
    // The association's name and tagline in the page's language where they are translated.
    site: await services.siteSettings.localized(language),
    language,
    languages: languages.languages,
    defaultLanguage: languages.defaultLanguage,
    // Absolute addresses in every page's meta tags (link previews, canonical links).
    origin: siteOrigin(request, context),
    // The role alone, nothing that names the person: public pages are kept for everyone of a role (and a count of
    // unread announcements) and sent to each of them (docs/decisions/0028-signed-in-public-pages.md).
    user: user ? { role: user.role } : null,
    // Members only (null for others): the header's count of announcements they have not read.
    unreadAnnouncements,
  };
}

/** The language a person chose: their account's when signed in, else the one their browser remembers. */
function chosenLanguage(request: Request, user: { language?: string | null } | null): string | null {
  return user?.language ?? cookieLanguage(request.headers.get("cookie"));
}

/** The header's count of unread announcements changes as a member reads them: moving among those pages reads it again. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return defaultShouldRevalidate || nextUrl.pathname.startsWith("/myqsa/announcements") || languageMayDiffer(currentUrl.pathname, nextUrl.pathname);
}

/** Whether the page's language may change between two addresses: another prefix, or a public page and another. */
function languageMayDiffer(from: string, to: string): boolean {
  return prefixOf(from) !== prefixOf(to) || isLocalizedPath(unprefixed(from)) !== isLocalizedPath(unprefixed(to));
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  const { t, i18n } = useTranslation("common");
  const language = data?.language ?? i18n.language;
  // A client-side navigation into a page of another language (a signed-in page that follows the person's choice).
  useEffect(() => {
    if (data?.language) void switchLanguage(i18n, data.language);
  }, [data?.language, i18n]);
  // Marks the document once React runs it: a content page's scripts come after its first paint
  // (lib/scripts-after-paint.ts), and what waits for the page to respond to clicks can wait for this.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <html lang={language} dir={i18n.dir(language)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b4f6c" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
        {/* zod compiles its object checks with `new Function` unless told not to: the CSP forbids that, and even
            zod's probe for it is reported as a violation. Set before any module runs. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: "globalThis.__zod_globalConfig={jitless:true}" }} />
      </head>
      <body className="flex min-h-screen flex-col bg-stone-50 text-stone-900 antialiased">
        <a href="#main" className="skip-link">
          {t("skipToContent")}
        </a>
        <SiteHeader user={data?.user ?? null} unreadAnnouncements={data?.unreadAnnouncements ?? null} associationName={data?.site.associationName ?? "Niche"} associationNameLang={data?.site.fallback.associationName} />
        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6">
          {children}
        </main>
        <SiteFooter site={data?.site ?? null} newsletter={<FooterSubscribeForm variant="footer" />} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Failures outside every route group (the root loader's); the groups have their own (routes/groups/). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
