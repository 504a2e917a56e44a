// /admin/insights: the association's insights over the last 30, 90 or 365 days (`?days=`), read by the server for a
// full page load and by the browser within the site.
import type { Route } from "./+types/admin-insights";
import { INSIGHT_PERIODS, type InsightOverview } from "#shared/schemas/insights.ts";
import { ui } from "#web/components/ui/classes.ts";
import { InsightsOverview } from "#web/features/admin/insights-overview.tsx";
import { ApiError, apiFetch, type Fetcher } from "#web/lib/api-client.ts";
import { requireUser, serverFetch } from "#web/lib/app-context.ts";
import { MANAGE_NAMESPACE, useManageText } from "#web/lib/manage-text.ts";

export const handle = { i18n: [MANAGE_NAMESPACE] };

async function load(request: Request, fetcher?: Fetcher) {
  const asked = Number(new URL(request.url).searchParams.get("days"));
  const days = INSIGHT_PERIODS.find((period) => period === asked) ?? 30;
  try {
    return { days, overview: await apiFetch<InsightOverview>(`/insights?days=${days}`, {}, fetcher), loadError: null };
  } catch (error) {
    return { days, overview: null, loadError: `Failed to load the insights. ${error instanceof ApiError ? error.message : ""}`.trim() };
  }
}

export function loader({ context, request }: Route.LoaderArgs) {
  requireUser(context, "admin");
  return load(request, serverFetch(context));
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return load(request);
}

export default function AdminInsights({ loaderData }: Route.ComponentProps) {
  const { days, overview, loadError } = loaderData;
  const { t } = useManageText();
  return (
    <section aria-labelledby="admin-insights" className="grid gap-4">
      <h2 id="admin-insights" className={ui.sectionHeading}>
        {t("insights.heading")}
      </h2>
      {loadError && (
        <p role="alert" className={ui.error}>
          {loadError}
        </p>
      )}
      {overview && <InsightsOverview overview={overview} days={days} />}
    </section>
  );
}
