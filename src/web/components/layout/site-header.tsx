import { Link, NavLink, useLocation } from "react-router";
import { unprefixed } from "#shared/i18n/languages.ts";
import { useTranslation } from "react-i18next";
import { homeForRole, paths } from "#web/lib/paths.ts";
import { useLocalize } from "#web/lib/language.ts";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { HeaderSearch } from "../search/header-search.tsx";
import { loadedApart } from "#web/lib/loaded-apart.tsx";

interface Props {
  associationName: string;
  /** The language the name is written in when it is not the page's (its translation is missing). */
  associationNameLang?: string;
  user: { role: string | null } | null;
  /** A member's count of unread announcements; null for anyone who is not a member. */
  unreadAnnouncements?: number | null;
}

const links = [
  { to: paths.home, label: "nav.home", end: true },
  { to: paths.map, label: "nav.map" },
  { to: paths.events, label: "nav.events" },
  { to: paths.offers, label: "nav.offers" },
  { to: paths.contact, label: "nav.contact" },
] as const;

/** Only signed-in people have the menu: React Aria's menu and popover come apart from the page's first scripts. */
const AccountMenu = loadedApart(
  import.meta.env.SSR ? (await import("./account-menu.tsx")).AccountMenu : null,
  () => import("./account-menu.tsx").then((module) => module.AccountMenu),
);

export function SiteHeader({ associationName, associationNameLang, user, unreadAnnouncements = null }: Props) {
  const { t } = useTranslation("common");
  const localize = useLocalize();
  const { pathname } = useLocation();
  const account = user ? { to: homeForRole(user.role), label: t("nav.myAccount") } : { to: paths.login, label: t("nav.login") };
  return (
    <header className="border-b border-stone-200 bg-white">
      {/* A line of its own above the header's, so that the main links keep theirs in any language. */}
      <LanguageSwitcher />
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6 lg:flex-nowrap">
        <Link to={localize(paths.home)} className="flex min-w-0 flex-1 items-center gap-2 font-semibold text-brand-800 sm:flex-none lg:max-w-72">
          <span aria-hidden="true" className="grid size-8 shrink-0 place-items-center rounded-full bg-brand-700 text-sm text-white">
            N
          </span>
          <span lang={associationNameLang} dir="auto" className="text-base leading-tight sm:text-lg">
            {associationName}
          </span>
        </Link>
        <nav aria-label={t("nav.main")} className="order-last -mx-2 w-full sm:order-none sm:mx-0 sm:w-auto sm:flex-1">
          <ul className="flex flex-wrap items-center gap-x-0.5 gap-y-1 sm:gap-x-1">
            {links.map((link) => (
              <li key={link.to}>
                {"end" in link ? (
                  // The home page is both /fr and /fr/, which NavLink's exact match tells apart.
                  <Link to={localize(link.to)} className="nav-link" aria-current={unprefixed(pathname) === "/" ? "page" : undefined}>
                    {t(link.label)}
                  </Link>
                ) : (
                  <NavLink to={localize(link.to)} className="nav-link">
                    {t(link.label)}
                  </NavLink>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <HeaderSearch className="order-last w-full lg:order-none lg:w-44 lg:shrink-0" />
        {unreadAnnouncements !== null && (
          // Named as a sentence, "Announcements, 2 unread"; the badge shows the count to the eye.
          <NavLink
            to={paths.member.announcements}
            end
            aria-label={unreadAnnouncements > 0 ? t("nav.announcementsUnread", { count: unreadAnnouncements }) : t("nav.announcementsNoneUnread")}
            title={t("nav.announcements")}
            className="nav-link order-last flex shrink-0 items-center gap-1 sm:order-none"
          >
            {/* Beside the search on wide screens the word would push the main links onto a second line: a bell there. */}
            <svg aria-hidden="true" viewBox="0 0 24 24" className="hidden size-5 fill-none stroke-current stroke-2 lg:block">
              <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <span className="lg:sr-only">{t("nav.announcements")}</span>{" "}
            {unreadAnnouncements > 0 && <span className="rounded-full bg-brand-700 px-2 text-xs leading-5 font-semibold text-white">{unreadAnnouncements}</span>}
          </NavLink>
        )}
        {/* Signed in, "My Account" and the account menu make one split button, so the main links keep their line. */}
        <div className="flex shrink-0">
          <NavLink
            to={account.to}
            className={`${user ? "rounded-s-md" : "rounded-md"} bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800 aria-[current=page]:ring-2 aria-[current=page]:ring-brand-100`}
          >
            {account.label}
          </NavLink>
          {user && <AccountMenu role={user.role} />}
        </div>
      </div>
    </header>
  );
}
