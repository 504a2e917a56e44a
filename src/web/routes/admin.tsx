// The admin dashboard, rendered in the browser. The server refuses non-admins on this page and on every
// admin API call; the browser checks again so a session that ends while the page is open is sent away.
import { useState } from "react";
import { redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/admin";
import { requireUser } from "../lib/app-context.ts";
import { pageTitle } from "../lib/meta.ts";
import { paths } from "../lib/paths.ts";
import { messages } from "../../shared/messages.ts";
import { AdminTabs } from "../features/admin/admin-tabs.tsx";
import { ui } from "../features/admin/styles.ts";

interface Viewer {
  email: string;
  displayName: string;
  role: string;
}

/** Only administrators: others go home, visitors who are not signed in go to the login page. */
export function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context, "admin");
  return { email: user.email, displayName: user.displayName };
}

/** The same rule from the browser: not signed in, or the check failing, goes to /login; a non-admin goes to /. */
export async function clientLoader() {
  let viewer: Viewer;
  try {
    const response = await fetch("/api/v1/me", { headers: { Accept: "application/json" }, credentials: "same-origin" });
    if (!response.ok) throw new Error(String(response.status));
    viewer = (await response.json()) as Viewer;
  } catch {
    throw redirect(paths.login);
  }
  if (viewer.role !== "admin") throw redirect(paths.home);
  return { email: viewer.email, displayName: viewer.displayName };
}
clientLoader.hydrate = true as const;

// Switching tabs only changes ?tab=; there is no need to check the session again for that.
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Admin Dashboard");

export function HydrateFallback() {
  return (
    <div role="status" aria-live="polite">
      <h1 className="page-heading">Admin Dashboard</h1>
      <p className="mt-2 text-stone-700">Loading...</p>
    </div>
  );
}

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
  const [logoutError, setLogoutError] = useState<string | null>(null);
  const [signingOut, setSigningOut] = useState(false);

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
          <h1 className="page-heading">Admin Dashboard</h1>
          <p className="mt-2 text-stone-700">{messages.auth.loggedInAs(loaderData.email)}</p>
        </div>
        <button type="button" className={ui.secondary} disabled={signingOut} onClick={() => void logout()}>
          Logout
        </button>
      </div>
      {logoutError && (
        <p role="alert" className={ui.error}>
          {logoutError}
        </p>
      )}
      <AdminTabs viewer={loaderData} />
    </>
  );
}
