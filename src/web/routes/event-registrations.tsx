// The organizers' page of an event's registrations (administrators and the owners of the host business): the settings
// of the event or of one date, who registered with their answers and check-ins, the CSV export, a message to everyone
// registered and cancelling the date. Reached from the event's page, the admin's events and /mybusiness.
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/event-registrations";
import { getApp } from "../lib/app-context.ts";
import { pageTitle } from "../lib/meta.ts";
import { paths } from "../lib/paths.ts";
import { ErrorList } from "../components/ui/field.tsx";
import { ui } from "../components/ui/classes.ts";
import { errorStatus, refusal } from "../features/events/occurrence-result.ts";
import { questionsFromText, questionsToText } from "../features/registration/questions-text.ts";
import { registrationFromForm, RegistrationSettingsFields, type RegistrationDefaults, type RegistrationField } from "../features/registration/registration-settings-fields.tsx";
import { formatEventWhen } from "#shared/i18n/format.ts";
import { getFixedT } from "#shared/i18n/index.ts";
import { MANAGE_NAMESPACE, requestLanguage, useManageText } from "../lib/manage-text.ts";
import type { AttendeeList, RegistrationInfo } from "#shared/schemas/registration.ts";

export const handle = { i18n: [MANAGE_NAMESPACE, "ui"] };

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
    const language = requestLanguage(request, user, site);
    const t = await getFixedT(language, MANAGE_NAMESPACE);
    return {
      state: "ok" as const,
      eventId: event.id,
      name: event.name,
      title: t("registrations.titleOf", { name: event.name }),
      when: formatEventWhen(shown.eventDate, shown.endDate, shown.allDay, language, site.timeZone),
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
    if (status === 401 || status === 403 || status === 404) return data({ state: "refused" as const, status, title: (await getFixedT(requestLanguage(request, user, await services.siteSettings.get()), MANAGE_NAMESPACE))("registrations.title") }, { status });
    throw error;
  }
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { services, user } = getApp(context);
  const date = dateOf(request);
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const intent = text("intent");
  const t = await getFixedT(requestLanguage(request, user, await services.siteSettings.get()), MANAGE_NAMESPACE);
  try {
    if (intent === "settings") {
      const questions = questionsFromText(text("questions"));
      await services.registrations.saveSettings(user, params.eventId, date, { ...registrationFromForm((name) => text(name)), questions });
      return { intent, done: t("registrations.settingsSaved") };
    }
    if (intent === "restore") {
      await services.registrations.restoreDate(user, params.eventId, date);
      return { intent, done: t("registrations.reopened") };
    }
    if (intent === "message") {
      const { sent } = await services.registrations.message(user, params.eventId, date, { subject: text("subject"), message: text("message") });
      return { intent, done: t("registrations.messageSent", { count: sent }) };
    }
    await services.registrations.cancelDate(user, params.eventId, date);
    return { intent: "cancel", done: t("registrations.cancelled") };
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
  ...pageTitle(matches, loaderData?.title ?? "Registrations"),
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
  const { t } = useManageText();
  if (loaderData.state !== "ok") {
    return (
      <section className="grid max-w-2xl gap-4">
        <h1 className="page-heading">{t("registrations.title")}</h1>
        <p role="alert" className={ui.error}>
          {loaderData.status === 401 ? t("registrations.signIn") : loaderData.status === 403 ? t("registrations.forbidden") : t("registrations.notFound")}
        </p>
      </section>
    );
  }
  const { list, settings, info } = loaderData;
  const result = actionData as ActionData;
  const typed = result?.intent === "settings" ? result.typed : undefined;
  const fieldError = (name: string) => (result?.intent === "settings" || result?.intent === "message" ? result.fields?.[name] : undefined);
  // The CSV itself keeps English column headers in every language: it is data that spreadsheets and other tools read by those names.
  const csvHref = `/api/v1/exports/events/${encodeURIComponent(loaderData.eventId)}/registrations.csv${loaderData.date ? `?date=${loaderData.date}` : ""}`;
  return (
    <section className="grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-6" aria-labelledby="registrations-heading">
      <div>
        <h1 id="registrations-heading" className="page-heading">
          {loaderData.title}
        </h1>
        <p className="mt-1 text-stone-700">
          <Link to={loaderData.eventHref} className="text-brand-700 underline">
            {loaderData.recurring && !loaderData.date ? t("registrations.everyDate") : loaderData.when}
          </Link>
        </p>
      </div>

      <section aria-labelledby="registrations-counts">
        <h2 id="registrations-counts" className={ui.sectionHeading}>
          {t("registrations.whoComes")}
        </h2>
        <p className="mt-1 text-stone-800" data-testid="registration-counts">
          {t(settings.capacity !== null && info ? "registrations.countsOf" : "registrations.counts", { ...list.counts, capacity: settings.capacity })}
        </p>
        <p className="mt-2 flex flex-wrap gap-2">
          <a href={csvHref} className={ui.secondary} download>
            {t("registrations.downloadCsv")}
          </a>
          {/* A document load: only the check-in page's own CSP lets its QR decoder run. */}
          <a href={paths.eventCheckIn(loaderData.eventId, loaderData.date)} className={ui.primary}>
            {t("registrations.checkIn")}
          </a>
        </p>
        <div className="mt-3 overflow-x-auto">
          <table className={ui.table}>
            <caption className="sr-only">{t("registrations.caption")}</caption>
            <thead>
              <tr>
                {loaderData.recurring && <th className={ui.th}>{t("registrations.date")}</th>}
                <th className={ui.th}>{t("registrations.name")}</th>
                <th className={ui.th}>{t("registrations.email")}</th>
                <th className={ui.th}>{t("registrations.places")}</th>
                <th className={ui.th}>{t("registrations.status")}</th>
                {list.questions.map((q) => (
                  <th key={q.id} className={ui.th}>
                    {q.label}
                  </th>
                ))}
                <th className={ui.th}>{t("registrations.checkedIn")}</th>
              </tr>
            </thead>
            <tbody>
              {list.items.length === 0 && (
                <tr>
                  <td className={ui.td} colSpan={5 + list.questions.length + (loaderData.recurring ? 1 : 0)}>
                    {t("registrations.none")}
                  </td>
                </tr>
              )}
              {list.items.map((r) => (
                <tr key={r.id}>
                  {loaderData.recurring && <td className={ui.td}>{r.date}</td>}
                  <td className={ui.td}>{r.name}</td>
                  <td className={`${ui.td} break-all`}>{r.email}</td>
                  <td className={ui.td}>{r.partySize}</td>
                  <td className={ui.td}>{t(`registrations.statuses.${r.status}`)}</td>
                  {list.questions.map((q) => (
                    <td key={q.id} className={ui.td}>
                      {r.answers[q.id] ?? ""}
                    </td>
                  ))}
                  <td className={ui.td}>{r.checkedInAt ? t("registrations.yes") : t("registrations.no")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="registrations-settings">
        <h2 id="registrations-settings" className={ui.sectionHeading}>
          {loaderData.date ? t("registrations.settingsOfDate") : t("registrations.settings")}
        </h2>
        {loaderData.recurring && !loaderData.date && <p className="mt-1 text-sm text-stone-700">{t("registrations.seriesSettings")}</p>}
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
              {t("registrations.questions")}
            </label>
            <textarea id="registration-questions" name="questions" rows={3} className={ui.input} defaultValue={typed?.questions ?? questionsToText(settings.questions)} aria-describedby="registration-questions-hint" />
            <p id="registration-questions-hint" className="mt-1 text-sm text-stone-600">
              {t("registrations.questionsHint")}
            </p>
          </div>
          <div>
            <button type="submit" className={ui.primary}>
              {t("registrations.saveSettings")}
            </button>
          </div>
          <Outcome result={result} intent="settings" />
        </Form>
      </section>

      {(!loaderData.recurring || loaderData.date) && (
        <section aria-labelledby="registrations-message">
          <h2 id="registrations-message" className={ui.sectionHeading}>
            {t("registrations.messageHeading")}
          </h2>
          <Form method="post" className="mt-3 grid max-w-xl gap-4">
            <input type="hidden" name="intent" value="message" />
            <div>
              <label htmlFor="registration-subject" className={ui.label}>
                {t("registrations.subject")}
              </label>
              <input id="registration-subject" name="subject" className={ui.input} aria-invalid={fieldError("subject") ? true : undefined} aria-describedby="registration-subject-error" />
              <ErrorList id="registration-subject-error" errors={fieldError("subject") ? [fieldError("subject")!] : null} />
            </div>
            <div>
              <label htmlFor="registration-message" className={ui.label}>
                {t("registrations.message")}
              </label>
              <textarea id="registration-message" name="message" rows={4} className={ui.input} aria-invalid={fieldError("message") ? true : undefined} aria-describedby="registration-message-error" />
              <ErrorList id="registration-message-error" errors={fieldError("message") ? [fieldError("message")!] : null} />
            </div>
            <div>
              <button type="submit" className={ui.primary}>
                {t("registrations.sendMessage")}
              </button>
            </div>
            <Outcome result={result} intent="message" />
          </Form>
        </section>
      )}

      <section aria-labelledby="registrations-cancel">
        <h2 id="registrations-cancel" className={ui.sectionHeading}>
          {t("registrations.cancelHeading")}
        </h2>
        <p className="mt-1 text-stone-700">{loaderData.date ? t("registrations.cancelDateExplained") : t("registrations.cancelExplained")}</p>
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="cancel" />
          <button type="submit" className={ui.danger} disabled={settings.cancelled}>
            {settings.cancelled ? t("registrations.isCancelled") : loaderData.date || !loaderData.recurring ? t("registrations.cancelDate") : t("registrations.cancelEveryDate")}
          </button>
        </Form>
        <Outcome result={result} intent="cancel" />
        {settings.cancelled && (
          <div className="mt-4">
            <h3 className="font-semibold text-stone-900">{t("registrations.reopen")}</h3>
            {loaderData.dateCancelled ? (
              <p className="mt-1 text-stone-700">{t("registrations.dateCancelled")}</p>
            ) : (
              <>
                <p className="mt-1 text-stone-700">{t("registrations.reopenExplained")}</p>
                <Form method="post" className="mt-3">
                  <input type="hidden" name="intent" value="restore" />
                  <button type="submit" className={ui.secondary}>
                    {t("registrations.reopen")}
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
