// "Subscribe": the address of a calendar feed to paste into Google, Apple or Outlook calendars, and a webcal:// link
// that opens the visitor's own calendar app on it.
import { CopyButton } from "#web/components/ui/copy-button.tsx";
import { usePublicText } from "#web/lib/public-text.ts";

export function SubscribeControl({ feedUrl, label }: { feedUrl: string; label?: string }) {
  const { t } = usePublicText();
  const webcal = feedUrl.replace(/^https?:/, "webcal:");
  const id = `feed-${feedUrl.replace(/[^a-z0-9]+/gi, "-")}`;
  return (
    <details className="mt-2 max-w-2xl rounded-md border border-stone-300 bg-white px-4 py-2 text-sm">
      <summary className="cursor-pointer font-semibold text-brand-800">{label ?? t("subscribe.label")}</summary>
      <p className="mt-2 text-stone-700">{t("subscribe.help")}</p>
      <p className="mt-2 flex flex-wrap items-center gap-2">
        <code id={id} className="break-all rounded bg-stone-100 px-2 py-1 text-stone-900">
          {feedUrl}
        </code>
        <CopyButton text={feedUrl} label={t("subscribe.copy")} copiedText={t("subscribe.copied")} targetId={id} />
      </p>
      <p className="mt-2">
        <a href={webcal} className="text-brand-700 underline">
          {t("subscribe.openApp")}
        </a>{" "}
        <span className="text-stone-600">({webcal})</span>
      </p>
    </details>
  );
}
