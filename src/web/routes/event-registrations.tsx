// The organizers' page of an event's registrations (administrators and the owners of the host business): the settings
// of the event or of one date, who registered with their answers and check-ins, the CSV export, a message to everyone
// registered and cancelling the date. Reached from the event's page, the admin's events and /mybusiness.
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/event-registrations";
import { getApp } from "../lib/app-context.ts";
import { pageTitle } from "../lib/meta.ts";
import { paths } from "../lib/paths.ts";
import { ErrorList, ui } from "../components/ui/field.tsx";
import { errorStatus, refusal } from "../features/events/occurrence-result.ts";
import { questionsFromText, questionsToText } from "../features/registration/questions-text.ts";
import { registrationFromForm, RegistrationSettingsFields, type RegistrationDefaults, type RegistrationField } from "../features/registration/registration-settings-fields.tsx";
import { formatEventWhen } from "#shared/zoned-time.ts";
import type { AttendeeList, RegistrationInfo } from "#shared/schemas/registration.ts";

const STATUS_TEXT: Record<string, string> = { confirmed: "Confirmed", waitlisted: "Waiting list", "pending-confirmation": "Not confirmed yet", cancelled: "Cancelled" };

const dateOf = (request: Request) => new URL(request.url).searchParams.get("date") || null;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { services, user } = getApp(context);
  const date = dateOf(request);
  try {
    const event = await services.registrations.requireOrganizer(user, params.eventId);
    const [list, info, site] = await Promise.all([
      services.registrations.list(user, params.eventId, date),
      !event.recurrenceRule || date ? services.registrations.info(params.eventId, date) : Promise.resolve<RegistrationInfo | null>(null),
      services.siteSettings.get(),
    ]);
    const shown = date ? ((await services.events.findOccurrence(params.eventId, date)) ?? event) : event;
    return {
      state: "ok" as const,
      eventId: event.id,
      name: event.name,
      when: formatEventWhen(shown.eventDate, shown.endDate, shown.allDay, site.timeZone),
      recurring: event.recurrenceRule !== null,
      date,
      eventHref: paths.event(event.id, date),
      // A date cancelled in the calendar is restored there (administrators), which reopens its registration too.
      dateCancelled: shown.cancelled,
      timeZone: site.timeZone,
      list: list satisfies AttendeeList,
      info,
      // The settings a series' own page edits are the whole series'; a date may have its own.
      settings: info ?? (await services.registrations.info(params.eventId, null)),
    };
  } catch (error) {
    const status = errorStatus(error);
    if (status === 401 || status === 403 || status === 404) return data({ state: "refused" as const, status }, { status });
    throw error;
  }
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { services, user } = getApp(context);
  const date = dateOf(request);
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const intent = text("intent");
  try {
    if (intent === "settings") {
      const questions = questionsFromText(text("questions"));
      await services.registrations.saveSettings(user, params.eventId, date, { ...registrationFromForm((name) => text(name)), questions });
      return { intent, done: "Registration settings saved." };
    }
    if (intent === "restore") {
      await services.registrations.restoreDate(user, params.eventId, date);
      return { intent, done: "Registration is open again." };
    }
    if (intent === "message") {
      const { sent } = await services.registrations.message(user, params.eventId, date, { subject: text("subject"), message: text("message") });
      return { intent, done: sent === 1 ? "Message sent to 1 registration." : `Message sent to ${sent} registrations.` };
    }
    await services.registrations.cancelDate(user, params.eventId, date);
    return { intent: "cancel", done: "Registration is closed and everyone registered was told." };
  } catch (error) {
    const refused = refusal(error);
    // What was typed comes back with the refusal, so a page drawn without scripts keeps it.
    if (refused) return { intent, ...refused, ...(intent === "settings" ? { typed: { ...registrationFromForm((name) => text(name)), capacity: text("capacity"), maxPartySize: text("maxPartySize"), questions: text("questions") } } : {}) };
    const status = errorStatus(error);
    if (status !== null) throw data((error as Error).message, { status });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageTitle(matches, loaderData?.state === "ok" ? `Registrations: ${loaderData.name}` : "Registrations"),
  { name: "robots", content: "noindex" },
];

type ActionData = { intent: string; done?: string; message?: string; fields?: Record<string, string>; typed?: RegistrationDefaults & { questions: string } } | undefined;

function Outcome({ result, intent }: { result: ActionData; intent: string }) {
  if (result?.intent !== intent) return null;
  return result.done ? (
    <p role="status" className={ui.success}>
      {result.done}
    </p>
  ) : (
    <p role="alert" className={ui.error}>
      {result.message}
    </p>
  );
}

export default function EventRegistrations({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state !== "ok") {
    return (
      <section className="grid max-w-2xl gap-4">
        <h1 className="page-heading">Registrations</h1>
        <p role="alert" className={ui.error}>
          {loaderData.status === 401 ? "Sign in to see the registrations." : loaderData.status === 403 ? "Only administrators and the owners of the host business see registrations." : "Event not found."}
        </p>
      </section>
    );
  }
  const { list, settings, info } = loaderData;
  const result = actionData as ActionData;
  const typed = result?.intent === "settings" ? result.typed : undefined;
  const fieldError = (name: string) => (result?.intent === "settings" || result?.intent === "message" ? result.fields?.[name] : undefined);
  const csvHref = `/api/v1/exports/events/${encodeURIComponent(loaderData.eventId)}/registrations.csv${loaderData.date ? `?date=${loaderData.date}` : ""}`;
  return (
    <section className="grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-6" aria-labelledby="registrations-heading">
      <div>
        <h1 id="registrations-heading" className="page-heading">
          Registrations: {loaderData.name}
        </h1>
        <p className="mt-1 text-stone-700">
          <Link to={loaderData.eventHref} className="text-brand-700 underline">
            {loaderData.recurring && !loaderData.date ? "Every date of the series" : loaderData.when}
          </Link>
        </p>
      </div>

      <section aria-labelledby="registrations-counts">
        <h2 id="registrations-counts" className={ui.sectionHeading}>
          Who comes
        </h2>
        <p className="mt-1 text-stone-800" data-testid="registration-counts">
          {list.counts.confirmed} confirmed{settings.capacity !== null && info ? ` of ${settings.capacity}` : ""} · {list.counts.waitlisted} waiting · {list.counts.checkedIn} checked in ·{" "}
          {list.counts.cancelled} cancelled (places)
        </p>
        <p className="mt-2 flex flex-wrap gap-2">
          <a href={csvHref} className={ui.secondary} download>
            Download CSV
          </a>
          {/* A document load: only the check-in page's own CSP lets its QR decoder run. */}
          <a href={paths.eventCheckIn(loaderData.eventId, loaderData.date)} className={ui.primary}>
            Check in at the door
          </a>
        </p>
        <div className="mt-3 overflow-x-auto">
          <table className={ui.table}>
            <caption className="sr-only">Registrations, oldest first</caption>
            <thead>
              <tr>
                {loaderData.recurring && <th className={ui.th}>Date</th>}
                <th className={ui.th}>Name</th>
                <th className={ui.th}>E-mail</th>
                <th className={ui.th}>Places</th>
                <th className={ui.th}>Status</th>
                {list.questions.map((q) => (
                  <th key={q.id} className={ui.th}>
                    {q.label}
                  </th>
                ))}
                <th className={ui.th}>Checked in</th>
              </tr>
            </thead>
            <tbody>
              {list.items.length === 0 && (
                <tr>
                  <td className={ui.td} colSpan={5 + list.questions.length + (loaderData.recurring ? 1 : 0)}>
                    No registrations yet.
                  </td>
                </tr>
              )}
              {list.items.map((r) => (
                <tr key={r.id}>
                  {loaderData.recurring && <td className={ui.td}>{r.date}</td>}
                  <td className={ui.td}>{r.name}</td>
                  <td className={`${ui.td} break-all`}>{r.email}</td>
                  <td className={ui.td}>{r.partySize}</td>
                  <td className={ui.td}>{STATUS_TEXT[r.status]}</td>
                  {list.questions.map((q) => (
                    <td key={q.id} className={ui.td}>
                      {r.answers[q.id] ?? ""}
                    </td>
                  ))}
                  <td className={ui.td}>{r.checkedInAt ? "Yes" : "No"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="registrations-settings">
        <h2 id="registrations-settings" className={ui.sectionHeading}>
          {loaderData.date ? "Settings of this date" : "Settings"}
        </h2>
        {loaderData.recurring && !loaderData.date && <p className="mt-1 text-sm text-stone-700">These apply to every date of the series; a date's own page (?date=) can have its own.</p>}
        {/* The server checks it and answers beside each field; the date pickers' own checks would hold a corrected form back. */}
        <Form method="post" noValidate className="mt-3 grid max-w-xl gap-4">
          <input type="hidden" name="intent" value="settings" />
          <RegistrationSettingsFields
            nameOf={(field) => field}
            idPrefix="registration"
            defaults={typed ?? settings}
            errors={Object.fromEntries((["enabled", "capacity", "maxPartySize", "opensAt", "closesAt", "waitlist"] as RegistrationField[]).map((field) => [field, fieldError(field) ? [fieldError(field)!] : null]))}
            timeZone={loaderData.timeZone}
          />
          <div>
            <label htmlFor="registration-questions" className={ui.label}>
              Questions
            </label>
            <textarea id="registration-questions" name="questions" rows={3} className={ui.input} defaultValue={typed?.questions ?? questionsToText(settings.questions)} aria-describedby="registration-questions-hint" />
            <p id="registration-questions-hint" className="mt-1 text-sm text-stone-600">
              One question a line. For a choice, put the choices after it, each after a |: &quot;Meal | Meat | Vegetarian&quot;. End a line with * for a question that needs an answer.
            </p>
          </div>
          <div>
            <button type="submit" className={ui.primary}>
              Save settings
            </button>
          </div>
          <Outcome result={result} intent="settings" />
        </Form>
      </section>

      {(!loaderData.recurring || loaderData.date) && (
        <section aria-labelledby="registrations-message">
          <h2 id="registrations-message" className={ui.sectionHeading}>
            Message everyone registered
          </h2>
          <Form method="post" className="mt-3 grid max-w-xl gap-4">
            <input type="hidden" name="intent" value="message" />
            <div>
              <label htmlFor="registration-subject" className={ui.label}>
                Subject
              </label>
              <input id="registration-subject" name="subject" className={ui.input} aria-invalid={fieldError("subject") ? true : undefined} aria-describedby="registration-subject-error" />
              <ErrorList id="registration-subject-error" errors={fieldError("subject") ? [fieldError("subject")!] : null} />
            </div>
            <div>
              <label htmlFor="registration-message" className={ui.label}>
                Message
              </label>
              <textarea id="registration-message" name="message" rows={4} className={ui.input} aria-invalid={fieldError("message") ? true : undefined} aria-describedby="registration-message-error" />
              <ErrorList id="registration-message-error" errors={fieldError("message") ? [fieldError("message")!] : null} />
            </div>
            <div>
              <button type="submit" className={ui.primary}>
                Send message
              </button>
            </div>
            <Outcome result={result} intent="message" />
          </Form>
        </section>
      )}

      <section aria-labelledby="registrations-cancel">
        <h2 id="registrations-cancel" className={ui.sectionHeading}>
          Cancel
        </h2>
        <p className="mt-1 text-stone-700">Closes registration, cancels every registration and e-mails everyone registered{loaderData.date ? " for this date" : ""}.</p>
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="cancel" />
          <button type="submit" className={ui.danger} disabled={settings.cancelled}>
            {settings.cancelled ? "Cancelled" : loaderData.date || !loaderData.recurring ? "Cancel this date" : "Cancel every date"}
          </button>
        </Form>
        <Outcome result={result} intent="cancel" />
        {settings.cancelled && (
          <div className="mt-4">
            <h3 className="font-semibold text-stone-900">Reopen registration</h3>
            {loaderData.dateCancelled ? (
              <p className="mt-1 text-stone-700">This date is cancelled in the calendar. Restoring it (administrators, under Events) reopens its registration.</p>
            ) : (
              <>
                <p className="mt-1 text-stone-700">Takes registrations again. Registrations cancelled with it stay cancelled: their people register again if they still come.</p>
                <Form method="post" className="mt-3">
                  <input type="hidden" name="intent" value="restore" />
                  <button type="submit" className={ui.secondary}>
                    Reopen registration
                  </button>
                </Form>
              </>
            )}
          </div>
        )}
        <Outcome result={result} intent="restore" />
      </section>
    </section>
  );
}
