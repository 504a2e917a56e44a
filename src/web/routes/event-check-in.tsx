// An event's door (administrators and the host business's owners): check people in by name or by their QR code.
// `?date=` picks a date of a recurring event; a series without one lists the dates that have registrations.
import { data, isRouteErrorResponse, Link, redirect } from "react-router";
import type { Route } from "./+types/event-check-in";
import { getApp } from "../lib/app-context.ts";
import { pageTitle } from "../lib/meta.ts";
import { paths } from "../lib/paths.ts";
import { RouteError } from "../components/layout/route-error.tsx";
import { CheckInPage } from "../features/check-in/index.ts";
import { registrationMessages } from "#shared/schemas/registration.ts";
import { formatDay, formatEventWhen } from "#shared/i18n/format.ts";
import { getFixedT } from "#shared/i18n/index.ts";
import { MANAGE_NAMESPACE, requestLanguage, useManageText } from "../lib/manage-text.ts";

export const handle = { i18n: [MANAGE_NAMESPACE, "ui"] };

// The built page bundle holds its own copy of AppError, so a service's error is recognised by shape, not instanceof.
function statusOf(error: unknown): number | undefined {
  const status = (error as { name?: unknown; status?: unknown } | null)?.status;
  return (error as { name?: unknown } | null)?.name === "AppError" && typeof status === "number" ? status : undefined;
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { services, user } = getApp(context);
  if (!user) throw redirect(paths.login);
  const date = new URL(request.url).searchParams.get("date");
  try {
    const [list, event, site] = await Promise.all([
      services.registrations.list(user, params.eventId, date),
      date ? services.events.findOccurrence(params.eventId, date) : services.events.find(params.eventId),
      services.siteSettings.get(),
    ]);
    if (!event) throw data(registrationMessages.eventNotFound, { status: 404 });
    const title = event.name;
    const language = requestLanguage(request, user, site);
    const pageTitle = (await getFixedT(language, MANAGE_NAMESPACE))("checkIn.titleOf", { name: title });
    if (event.recurrenceRule && !date) {
      const dates = [...new Set(list.items.map((item) => item.date).filter((day): day is string => day !== null))].sort();
      return { kind: "dates" as const, title, pageTitle, eventId: event.id, dates: dates.map((day) => ({ day, label: formatDay(`${day}T12:00:00Z`, language, "UTC") })) };
    }
    return {
      kind: "door" as const,
      title,
      pageTitle,
      page: { eventId: event.id, date: list.date, title, when: formatEventWhen(event.eventDate, event.endDate, event.allDay, language, site.timeZone), timeZone: site.timeZone, items: list.items },
    };
  } catch (error) {
    const status = statusOf(error);
    if (status === 401) throw redirect(paths.login);
    // A date the series does not have is a page that does not exist.
    if (status === 403 || status === 404) throw data((error as Error).message, { status });
    if (status === 400) throw data(registrationMessages.notInSeries, { status: 404 });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageTitle(matches, loaderData?.pageTitle ?? "Check-in");

export default function EventCheckIn({ loaderData }: Route.ComponentProps) {
  const { t } = useManageText();
  if (loaderData.kind === "door") return <CheckInPage data={loaderData.page} />;
  return (
    <section className="mx-auto grid max-w-xl gap-4">
      <header>
        <p className="text-sm font-semibold tracking-wide text-stone-600 uppercase">{t("checkIn.kicker")}</p>
        <h1 className="page-heading">{loaderData.title}</h1>
      </header>
      {loaderData.dates.length === 0 ? (
        <p>{t("checkIn.noDates")}</p>
      ) : (
        <>
          <p>{t("checkIn.chooseDate")}</p>
          <ul className="grid gap-2">
            {loaderData.dates.map(({ day, label }) => (
              <li key={day}>
                {/* A document load, as every link to the check-in page: only its own CSP lets the QR decoder run. */}
                <Link to={paths.eventCheckIn(loaderData.eventId, day)} reloadDocument className="text-brand-700 underline">
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return <RouteError error={error} texts={{ notAllowed: status === 403 ? registrationMessages.notOrganizer : undefined }} />;
}
