// The mailed link's page: it names the event and the registration, and its button (a form that posts, so a mail
// scanner opening the link cancels nothing) cancels it without signing in; the place goes to the waiting list.
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/registration-cancel";
import { getApp } from "../lib/app-context.ts";
import { pageTitle } from "../lib/meta.ts";
import { paths } from "../lib/paths.ts";
import { ui } from "../components/ui/field.tsx";
import { registrationMessages } from "#shared/schemas/registration.ts";
import { formatEventWhen } from "#shared/zoned-time.ts";

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { services } = getApp(context);
  try {
    const [{ registration, event }, site] = await Promise.all([services.registrations.forLink(params.registrationId, tokenOf(request)), services.siteSettings.get()]);
    return {
      found: true as const,
      eventName: event.name,
      eventHref: paths.event(event.id, registration.occurrenceDate),
      when: formatEventWhen(event.eventDate, event.endDate, event.allDay, site.timeZone),
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

export const meta: Route.MetaFunction = ({ matches }) => [...pageTitle(matches, "Cancel a registration"), { name: "robots", content: "noindex" }];

export default function RegistrationCancel({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.found || actionData?.cancelled === false) {
    return (
      <section className="grid max-w-2xl gap-4">
        <h1 className="page-heading">Cancel a registration</h1>
        <p role="alert" className={ui.error}>
          {registrationMessages.badToken}
        </p>
      </section>
    );
  }
  const done = actionData?.cancelled || loaderData.cancelled;
  return (
    <section className="grid max-w-2xl gap-4">
      <h1 className="page-heading">Cancel a registration</h1>
      <p className="text-stone-800">
        <Link to={loaderData.eventHref} className="font-medium text-brand-700 underline">
          {loaderData.eventName}
        </Link>
        <br />
        {loaderData.when}
        <br />
        {loaderData.partySize === 1 ? "1 place" : `${loaderData.partySize} places`} for {loaderData.name}
        {loaderData.waitlisted ? " (on the waiting list)" : ""}
      </p>
      {done ? (
        <p role="status" className={ui.success}>
          {registrationMessages.cancelled}
        </p>
      ) : (
        <Form method="post">
          <button type="submit" className={ui.danger}>
            Cancel my registration
          </button>
        </Form>
      )}
    </section>
  );
}
