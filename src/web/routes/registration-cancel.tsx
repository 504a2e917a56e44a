// The mailed link's page: it names the event and the registration, and its button (a form that posts, so a mail
// scanner opening the link cancels nothing) cancels it without signing in; the place goes to the waiting list.
import { data, Form, Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/registration-cancel";
import { getApp } from "../lib/app-context.ts";
import { PageTitle } from "../lib/page-title.tsx";
import { langOf } from "../lib/public-text.ts";
import { paths } from "../lib/paths.ts";
import { ui } from "../components/ui/classes.ts";
import { registrationMessages } from "#shared/schemas/registration.ts";
import { formatEventWhen } from "#shared/i18n/format.ts";

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { services } = getApp(context);
  try {
    const [{ registration, event }, site] = await Promise.all([services.registrations.forLink(params.registrationId, tokenOf(request)), services.siteSettings.get()]);
    return {
      found: true as const,
      eventName: event.name,
      eventHref: paths.event(event.id, registration.occurrenceDate),
      event: { start: event.eventDate, end: event.endDate, allDay: event.allDay },
      timeZone: site.timeZone,
      name: registration.name,
      partySize: registration.partySize,
      cancelled: registration.status === "cancelled",
      waitlisted: registration.status === "waitlisted",
    };
  } catch {
    return data({ found: false as const }, { status: 404 });
  }
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { services } = getApp(context);
  try {
    await services.registrations.cancel(null, params.registrationId, tokenOf(request));
    return { cancelled: true };
  } catch {
    return data({ cancelled: false }, { status: 404 });
  }
}

export const handle = { i18n: ["members"] };

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export default function RegistrationCancel({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("members");
  const heading = (
    <>
      <PageTitle>{t("registrationCancel.title")}</PageTitle>
      <h1 className="page-heading">{t("registrationCancel.title")}</h1>
    </>
  );
  if (!loaderData.found || actionData?.cancelled === false) {
    return (
      <section className="grid max-w-2xl gap-4">
        {heading}
        <p role="alert" className={ui.error}>
          {registrationMessages.badToken}
        </p>
      </section>
    );
  }
  const done = actionData?.cancelled || loaderData.cancelled;
  const { event, timeZone } = loaderData;
  return (
    <section className="grid max-w-2xl gap-4">
      {heading}
      <p className="text-stone-800">
        <Link to={loaderData.eventHref} className="font-medium text-brand-700 underline">
          {loaderData.eventName}
        </Link>
        <br />
        {formatEventWhen(event.start, event.end, event.allDay, langOf(i18n.language), timeZone)}
        <br />
        {t("registrationCancel.places", { count: loaderData.partySize, name: loaderData.name })}
        {loaderData.waitlisted ? ` ${t("registrationCancel.waitlisted")}` : ""}
      </p>
      {done ? (
        <p role="status" className={ui.success}>
          {registrationMessages.cancelled}
        </p>
      ) : (
        <Form method="post">
          <button type="submit" className={ui.danger}>
            {t("registrationCancel.submit")}
          </button>
        </Form>
      )}
    </section>
  );
}
