// "Subscribe": the address of a calendar feed to paste into Google, Apple or Outlook calendars, and a webcal:// link
// that opens the visitor's own calendar app on it.
import { CopyButton } from "#web/components/ui/copy-button.tsx";

export function SubscribeControl({ feedUrl, label = "Subscribe" }: { feedUrl: string; label?: string }) {
  const webcal = feedUrl.replace(/^https?:/, "webcal:");
  const id = `feed-${feedUrl.replace(/[^a-z0-9]+/gi, "-")}`;
  return (
    <details className="mt-2 max-w-2xl rounded-md border border-stone-300 bg-white px-4 py-2 text-sm">
      <summary className="cursor-pointer font-semibold text-brand-800">{label}</summary>
      <p className="mt-2 text-stone-700">Add this address to Google Calendar, Apple Calendar or Outlook; new and changed events appear by themselves.</p>
      <p className="mt-2 flex flex-wrap items-center gap-2">
        <code id={id} className="break-all rounded bg-stone-100 px-2 py-1 text-stone-900">
          {feedUrl}
        </code>
        <CopyButton text={feedUrl} label="Copy address" copiedText="Address copied." targetId={id} />
      </p>
      <p className="mt-2">
        <a href={webcal} className="text-brand-700 underline">
          Open in your calendar app
        </a>{" "}
        <span className="text-stone-600">({webcal})</span>
      </p>
    </details>
  );
}
