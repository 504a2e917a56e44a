// One shift as visitors and volunteers see it: when, where, the places taken, the requirements, and what the person may
// do: sign up (or join the waiting list when it is full), cancel, or sign in first and come back to this shift. A
// refusal (a shift already started, a second sign-up) is told beside the button.
import { useId, useState } from "react";
import { Link, useRevalidator } from "react-router";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { formatEventWhen } from "#shared/i18n/format.ts";
import { langOf } from "#web/lib/public-text.ts";
import { volunteerMessages as m, type Shift } from "#shared/schemas/volunteer.ts";
import { volunteerPaths } from "#shared/volunteer-paths.ts";
import { apiFetch, ApiError } from "#web/lib/api-client.ts";
import { paths } from "#web/lib/paths.ts";
import { ui } from "#web/components/ui/classes.ts";

export function placesText(shift: Pick<Shift, "placesNeeded" | "filled" | "waiting">, t: TFunction): string {
  const open = Math.max(0, shift.placesNeeded - shift.filled);
  const places = open === 0 ? t("volunteer.full") : t("volunteer.placesOpen", { open, count: shift.placesNeeded });
  return shift.waiting > 0 ? `${places} · ${t("volunteer.waiting", { count: shift.waiting })}` : places;
}

/** Where, the places and the requirements; the shift's time is its heading (`ShiftHeading`). */
export function ShiftFacts({ shift }: { shift: Shift }) {
  const { t } = useTranslation("members");
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-stone-800">
      <dt className="font-semibold">{t("meetings.where")}</dt>
      <dd>{shift.place}</dd>
      <dt className="font-semibold">{t("volunteer.places")}</dt>
      <dd>{placesText(shift, t)}</dd>
      {shift.requirements && (
        <>
          <dt className="font-semibold">{t("volunteer.requirements")}</dt>
          <dd className="whitespace-pre-line">{shift.requirements}</dd>
        </>
      )}
    </dl>
  );
}

export function ShiftHeading({ shift, timeZone }: { shift: Shift; timeZone: string }) {
  const { i18n } = useTranslation("members");
  return (
    <h3 className="font-semibold text-stone-900">
      <time dateTime={shift.startsAt}>{formatEventWhen(shift.startsAt, shift.endsAt, false, langOf(i18n.language), timeZone)}</time>
    </h3>
  );
}

export function ShiftActions({ opportunityId, shift, signedIn }: { opportunityId: string; shift: Shift; signedIn: boolean }) {
  const { t } = useTranslation("members");
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();
  const id = useId();
  if (!signedIn) {
    const next = volunteerPaths.shift(opportunityId, shift.id);
    return shift.past ? null : (
      <p>
        <Link to={`${paths.login}?next=${encodeURIComponent(next)}`} className="font-semibold text-brand-700 underline">
          {m.signInToVolunteer}
        </Link>
      </p>
    );
  }
  async function act(method: "POST" | "DELETE") {
    setBusy(true);
    setDone(null);
    try {
      const path = `/volunteer/shifts/${encodeURIComponent(shift.id)}/signups${method === "DELETE" ? "/me" : ""}`;
      const result = await apiFetch<{ status?: Shift["myStatus"] }>(path, { method });
      setError(null);
      setDone(method === "DELETE" ? m.cancelled : result.status === "waiting" ? m.waiting : m.confirmed);
      await revalidator.revalidate();
    } catch (caught) {
      setError(caught instanceof ApiError ? (caught.fields.signup ?? caught.message) : String(caught));
    } finally {
      setBusy(false);
    }
  }
  const full = shift.filled >= shift.placesNeeded;
  return (
    <div className="grid gap-2">
      {shift.myStatus && (
        <p className="text-sm font-semibold text-stone-900">
          {t("volunteer.yourSignup", { status: t(`volunteer.status.${shift.myStatus}`) })}
          {shift.myStatus === "waiting" && ` ${t("volunteer.freedIsYours")}`}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        {shift.myStatus ? (
          <button type="button" className={ui.secondary} disabled={busy} onClick={() => void act("DELETE")} aria-describedby={error ? `${id}-error` : undefined}>
            {shift.myStatus === "waiting" ? t("volunteer.leaveWaiting") : t("volunteer.cancel")}
          </button>
        ) : (
          !shift.past && (
            <button type="button" className={ui.primary} disabled={busy} onClick={() => void act("POST")} aria-describedby={error ? `${id}-error` : undefined}>
              {full ? t("volunteer.joinWaiting") : t("volunteer.signUp")}
            </button>
          )
        )}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <p role="status" className="text-sm text-green-900">
        {done}
      </p>
    </div>
  );
}
