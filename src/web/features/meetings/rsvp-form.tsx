// A member's answer to a meeting (yes, no or maybe), sent to POST /api/v1/meetings/{id}/rsvp and changeable; a
// refusal (a meeting over or cancelled) is told beside the choices, which keep what was chosen.
import { useId, useState } from "react";
import { useRevalidator } from "react-router";
import { useTranslation } from "react-i18next";
import { RSVP_RESPONSES, meetingMessages, type RsvpResponse } from "#shared/schemas/meeting.ts";
import { apiFetch, ApiError } from "#web/lib/api-client.ts";
import { ui } from "#web/components/ui/classes.ts";

export function RsvpForm({ meetingId, current }: { meetingId: string; current: RsvpResponse | null }) {
  const { t } = useTranslation("members");
  const [chosen, setChosen] = useState<RsvpResponse | null>(current);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();
  const id = useId();
  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(null);
    if (!chosen) {
      setError(meetingMessages.responseInvalid);
      return;
    }
    setBusy(true);
    try {
      await apiFetch(`/meetings/${encodeURIComponent(meetingId)}/rsvp`, { method: "POST", json: { response: chosen } });
      setError(null);
      setSaved(meetingMessages.answered);
      await revalidator.revalidate();
    } catch (caught) {
      setError(caught instanceof ApiError ? (caught.fields.response ?? caught.message) : String(caught));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-3" aria-labelledby={`${id}-legend`}>
      <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined} aria-invalid={error ? true : undefined}>
        <legend id={`${id}-legend`} className="font-semibold text-stone-900">
          {t("meetings.willYouCome")}
        </legend>
        <div className="flex flex-wrap gap-x-5 gap-y-1">
          {RSVP_RESPONSES.map((response) => (
            <label key={response} className="flex items-center gap-2 text-stone-800">
              <input type="radio" name="response" value={response} checked={chosen === response} onChange={() => setChosen(response)} className="size-4 accent-brand-700" />
              {t(`meetings.rsvp.${response}`)}
            </label>
          ))}
        </div>
        {error && (
          <p id={`${id}-error`} role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        )}
      </fieldset>
      <div>
        <button type="submit" className={ui.primary} disabled={busy}>
          {busy ? t("saving") : t("meetings.saveAnswer")}
        </button>
      </div>
      <p role="status" className="text-sm text-green-900">
        {saved}
      </p>
    </form>
  );
}
