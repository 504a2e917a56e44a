// Which owners' changes the association approves at once, and where new requests are announced.
import { useFetcher } from "react-router";
import type { ModerationSettings } from "#shared/schemas/owners.ts";
import { OutcomeMessage, ui, type Outcome } from "#web/components/ui/field.tsx";

const SWITCHES = [
  ["autoApproveListings", "Approve owners' listing changes at once"],
  ["autoApproveEvents", "Approve owners' events at once"],
  ["autoApproveOffers", "Approve owners' offers at once"],
] as const;

export function ModerationSettingsForm({ settings }: { settings: ModerationSettings }) {
  const fetcher = useFetcher<{ outcome: Outcome }>({ key: "moderation-settings" });
  return (
    <details className="card">
      <summary className="cursor-pointer font-semibold text-brand-800">Approval settings</summary>
      <fetcher.Form method="post" className="mt-3 grid gap-3">
        <input type="hidden" name="intent" value="settings" />
        {SWITCHES.map(([name, label]) => (
          <label key={name} className="flex items-center gap-2">
            <input type="checkbox" name={name} defaultChecked={settings[name]} className="size-4 accent-brand-700" />
            {label}
          </label>
        ))}
        <p className="text-sm text-stone-600">Changes approved at once still appear in Recent changes.</p>
        <label className={ui.label}>
          Notification address (every administrator when empty)
          <input type="email" name="notificationEmail" defaultValue={settings.notificationEmail} className={ui.input} />
        </label>
        <button type="submit" className={`${ui.primary} w-fit`} disabled={fetcher.state !== "idle"}>
          Save settings
        </button>
        <OutcomeMessage outcome={fetcher.data?.outcome} />
      </fetcher.Form>
    </details>
  );
}
