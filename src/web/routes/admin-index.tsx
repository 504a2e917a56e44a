// /admin opens the first tab; an old link's ?tab= opens the tab it named.
import { redirect } from "react-router";
import type { Route } from "./+types/admin-index";
import { getApp } from "../lib/app-context.ts";

const OLD_NAMES: Record<string, string> = { account: "my-account", changes: "recent-changes" };
const target = (url: URL) => {
  const tab = url.searchParams.get("tab") ?? "my-account";
  return `/admin/${encodeURIComponent(OLD_NAMES[tab] ?? tab)}`;
};

// Only an administrator is sent on: anyone else is turned away by the dashboard's own check.
export function loader({ context, request }: Route.LoaderArgs) {
  if (getApp(context).user?.role === "admin") throw redirect(target(new URL(request.url)));
  return null;
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  throw redirect(target(new URL(request.url)));
}

// A page route, not a resource route: the dashboard's own checks run before either loader sends anyone on.
export default function AdminIndex() {
  return null;
}
