// The member's private calendar of every meeting: its secret address to copy into a calendar app, and "Reset the
// address", after which the old one stops working (for an address that was shared by mistake).
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { meetingMessages, type MeetingCalendar } from "#shared/schemas/meeting.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { CopyButton } from "#web/components/ui/copy-button.tsx";
import { ui } from "#web/components/ui/classes.ts";

export function PrivateCalendar({ initialUrl }: { initialUrl: string }) {
  const { t } = useTranslation("members");
  const [url, setUrl] = useState(initialUrl);
  const [status, setStatus] = useState<{ kind: "ok" | "error"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  async function reset() {
    setBusy(true);
    try {
      setUrl((await apiFetch<MeetingCalendar>("/me/meeting-calendar/reset", { method: "POST", json: { confirm: true } })).url);
      setStatus({ kind: "ok", text: meetingMessages.calendarReset });
    } catch (error) {
      setStatus({ kind: "error", text: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="card grid gap-2" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-stone-900">
        {t("calendar.heading")}
      </h2>
      <p className="text-sm text-stone-700">{t("calendar.intro")}</p>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <code id={`${id}-url`} className="break-all rounded bg-stone-100 px-2 py-1 text-stone-900">
          {url}
        </code>
        <CopyButton text={url} label={t("calendar.copy")} copiedText={meetingMessages.copied} targetId={`${id}-url`} />
      </p>
      <p className="flex flex-wrap items-center gap-3 text-sm">
        <a href={url.replace(/^https?:/, "webcal:")} className="text-brand-700 underline">
          {t("calendar.open")}
        </a>
        <button type="button" className={ui.secondary} onClick={() => void reset()} disabled={busy}>
          {t("calendar.reset")}
        </button>
      </p>
      <p role={status?.kind === "error" ? "alert" : "status"} className={`text-sm ${status?.kind === "error" ? "text-red-800" : "text-green-900"}`}>
        {status?.text}
      </p>
    </section>
  );
}
