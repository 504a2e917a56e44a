// A shift's roster for administrators: who signed up (confirmed first, then the waiting list), whether each came
// (PUT /api/v1/volunteer/signups/{id}/attendance), the roster as CSV, and a message mailed to the shift's volunteers.
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { type AdminShift, type RosterEntry } from "#shared/schemas/volunteer.ts";
import { volunteerPaths } from "#shared/volunteer-paths.ts";
import { apiFetch, ApiError } from "#web/lib/api-client.ts";
import { ui } from "#web/components/ui/classes.ts";

function AttendedBox({ entry }: { entry: RosterEntry }) {
  const { t } = useTranslation("members");
  const [attended, setAttended] = useState(entry.attended === true);
  const [error, setError] = useState<string | null>(null);
  async function change(value: boolean) {
    setAttended(value);
    try {
      await apiFetch(`/volunteer/signups/${encodeURIComponent(entry.signupId)}/attendance`, { method: "PUT", json: { attended: value } });
      setError(null);
    } catch (caught) {
      setAttended(!value);
      setError(caught instanceof ApiError ? caught.message : String(caught));
    }
  }
  return (
    <>
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={attended} onChange={(event) => void change(event.target.checked)} className="size-4 accent-brand-700" />
        <span>{t("roster.came")}</span>
        <span className="sr-only">: {entry.displayName}</span>
      </label>
      {error && (
        <span role="alert" className="text-sm text-red-800">
          {error}
        </span>
      )}
    </>
  );
}

function MessageForm({ shiftId }: { shiftId: string }) {
  const { t } = useTranslation("members");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setBusy(true);
    setSent(null);
    try {
      const result = await apiFetch<{ sent: number }>(`/volunteer/shifts/${encodeURIComponent(shiftId)}/messages`, {
        method: "POST",
        json: { subject: String(data.get("subject") ?? ""), message: String(data.get("message") ?? "") },
      });
      setErrors({});
      setSent(t("roster.sent", { count: result.sent }));
      form.reset();
    } catch (caught) {
      setErrors(caught instanceof ApiError ? (Object.keys(caught.fields).length ? caught.fields : { _: caught.message }) : { _: String(caught) });
    } finally {
      setBusy(false);
    }
  }
  const fieldError = (name: string) =>
    errors[name] && (
      <p id={`${id}-${name}-error`} className="mt-1 text-sm text-red-800">
        {errors[name]}
      </p>
    );
  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-3" noValidate>
      <div>
        <label htmlFor={`${id}-subject`} className={ui.label}>
          {t("roster.subject")}
        </label>
        <input id={`${id}-subject`} name="subject" maxLength={200} className={ui.input} aria-invalid={errors.subject ? true : undefined} aria-describedby={errors.subject ? `${id}-subject-error` : undefined} />
        {fieldError("subject")}
      </div>
      <div>
        <label htmlFor={`${id}-message`} className={ui.label}>
          {t("roster.message")}
        </label>
        <textarea id={`${id}-message`} name="message" rows={4} className={ui.input} aria-invalid={errors.message ? true : undefined} aria-describedby={errors.message ? `${id}-message-error` : undefined} />
        {fieldError("message")}
      </div>
      {errors._ && (
        <p role="alert" className={ui.error}>
          {errors._}
        </p>
      )}
      <div>
        <button type="submit" className={ui.primary} disabled={busy}>
          {busy ? t("roster.sending") : t("roster.send")}
        </button>
      </div>
      <p role="status" className="text-sm text-green-900">
        {sent}
      </p>
    </form>
  );
}

export function Roster({ shift, label }: { shift: AdminShift; label: string }) {
  const { t } = useTranslation("members");
  return (
    <section className="grid gap-3 border-t border-stone-200 pt-3" aria-label={t("roster.label", { label })}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="font-semibold text-brand-800">{t("roster.heading")}</h4>
        <a href={volunteerPaths.rosterCsv(shift.id)} download className={ui.secondary}>
          {t("roster.export")}
        </a>
      </div>
      {shift.roster.length === 0 ? (
        <p className="text-sm text-stone-700">{t("roster.none")}</p>
      ) : (
        <ul className="grid gap-2 text-sm">
          {shift.roster.map((entry) => (
            <li key={entry.signupId} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-md border border-stone-200 px-3 py-2">
              <span>
                <span className="font-semibold text-stone-900">{entry.displayName}</span> <span className="break-all text-stone-700">{entry.email}</span>
                <span className="ms-2 rounded bg-stone-100 px-1.5 py-0.5 text-xs font-semibold text-stone-800">{t(`volunteer.status.${entry.status}`)}</span>
              </span>
              {entry.status === "confirmed" && <AttendedBox entry={entry} />}
            </li>
          ))}
        </ul>
      )}
      <details className="rounded-md border border-stone-200 px-3 py-2">
        <summary className="cursor-pointer font-semibold text-stone-900">{t("roster.messageHeading")}</summary>
        <div className="mt-3">
          <MessageForm shiftId={shift.id} />
        </div>
      </details>
    </section>
  );
}
