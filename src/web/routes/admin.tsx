// The admin dashboard. The server refuses non-admins on this page and on every admin API call; moving to it within the
// site, the browser checks again so a session that ended while a page was open is sent away.
import { useState } from "react";
import { Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import { data, Outlet, redirect, useLocation, useNavigate, type ShouldRevalidateFunctionArgs } from "react-router";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/admin";
import { getApp, requireUser, serverFetch } from "../lib/app-context.ts";
import { pageTitle } from "../lib/meta.ts";
import { paths } from "../lib/paths.ts";
import { messages } from "#shared/messages.ts";
import { ui } from "../components/ui/classes.ts";
import { ADMIN_TABS, adminText, isAdminTab, requestLanguage } from "../features/admin/index.ts";
import { getFixedT } from "#shared/i18n/index.ts";
import { fetchPendingCount, RequestsNavLabel, useRequestsTabName, useWaitingRequests } from "../features/owners/index.ts";
import { isolatedValues } from "#web/components/ui/isolated-values.tsx";

interface Viewer {
  email: string;
  displayName: string;
  role: string;
}

/** An address under /admin naming no tab is the site's 404 (for administrators; others are sent away first). */
function refuseUnknownTab(url: string) {
  const tab = new URL(url).pathname.split("/")[2];
  if (tab && !isAdminTab(decodeURIComponent(tab))) throw data(messages.notFound, { status: 404 });
}

/** Only administrators: others go home, visitors who are not signed in go to the login page. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, "admin");
  refuseUnknownTab(request.url);
  const [waiting, site] = await Promise.all([fetchPendingCount(serverFetch(context)), getApp(context).services.siteSettings.get()]);
  const t = await getFixedT(requestLanguage(request, user, site), "admin");
  return { email: user.email, displayName: user.displayName, waiting, title: t("dashboard.title") };
}

/** The same rule from the browser: not signed in, or the check failing, goes to /login; a non-admin goes to /. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  let viewer: Viewer;
  try {
    const response = await fetch("/api/v1/me", { headers: { Accept: "application/json" }, credentials: "same-origin" });
    if (!response.ok) throw new Error(String(response.status));
    viewer = (await response.json()) as Viewer;
  } catch {
    throw redirect(paths.login);
  }
  if (viewer.role !== "admin") throw redirect(paths.home);
  refuseUnknownTab(request.url);
  return { email: viewer.email, displayName: viewer.displayName, waiting: null, title: (await adminText())("dashboard.title") };
}

// Moving between tabs, pages of a list or saving in one needs no new check of the session.
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname.startsWith(paths.admin) && nextUrl.pathname.startsWith(paths.admin) ? false : defaultShouldRevalidate;
}


export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageTitle(matches, loaderData?.title);

async function signOut(): Promise<boolean> {
  try {
    const response = await fetch("/api/auth/sign-out", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
      credentials: "same-origin",
    });
    return response.ok;
  } catch {
    return false;
  }
}

export default function Admin({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const navigate = useNavigate();
  const tab = useLocation().pathname.split("/")[2] || ADMIN_TABS[0][0];
  const [logoutError, setLogoutError] = useState<string | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  const waiting = useWaitingRequests(loaderData.waiting);
  const requestsTabName = useRequestsTabName();

  async function logout() {
    setSigningOut(true);
    setLogoutError(null);
    if (await signOut()) {
      // A full load, so no part of the page keeps the admin's data after the session is gone.
      window.location.assign(paths.home);
      return;
    }
    setSigningOut(false);
    setLogoutError(messages.auth.logoutFailed);
  }

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="page-heading">{t("dashboard.title")}</h1>
          <p className="mt-2 text-stone-700">{isolatedValues(t, "dashboard.loggedInAs", { email: loaderData.email }, ["email"])}</p>
        </div>
        <button type="button" className={ui.secondary} disabled={signingOut} onClick={() => void logout()}>
          {t("dashboard.logout")}
        </button>
      </div>
      {logoutError && (
        <p role="alert" className={ui.error}>
          {logoutError}
        </p>
      )}
      <Tabs selectedKey={tab} onSelectionChange={(key) => void navigate(paths.adminTab(String(key)), { preventScrollReset: true })} className="mt-6">
          <TabList aria-label={t("dashboard.sections")} className="flex flex-wrap gap-x-1 border-b border-stone-300">
            {ADMIN_TABS.map(([id]) => {
              const label = t(`tabs.${id}`);
              return (
              <Tab
                key={id}
                id={id}
                aria-label={id === "requests" ? requestsTabName(label, waiting) : undefined}
                className="shrink-0 cursor-pointer rounded-t-md border-b-2 border-transparent px-3 py-2 text-sm font-semibold whitespace-nowrap text-stone-700 outline-none hover:bg-white hover:text-brand-800 focus-visible:ring-2 focus-visible:ring-brand-700 data-[selected]:border-brand-700 data-[selected]:bg-white data-[selected]:text-brand-800"
              >
                {id === "requests" ? <RequestsNavLabel label={label} count={waiting} /> : label}
              </Tab>
              );
            })}
          </TabList>
          <TabPanel id={tab} className="mt-4 outline-none focus-visible:ring-2 focus-visible:ring-brand-700">
            <Outlet />
          </TabPanel>
        </Tabs>
    </>
  );
}
