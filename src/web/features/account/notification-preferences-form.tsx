// How the person wants to hear of each kind of news, on /myaccount: one group of choices per kind, sent to
// PUT /api/v1/me/notifications; a refusal is told beside the kind at fault.
import { getFormProps } from "@conform-to/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  DELIVERIES_OF,
  deliveryLabel,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  NotificationPreferencesSchema,
  notificationMessages,
  type NotificationPreferences,
} from "#shared/schemas/notification-preferences.ts";
import { apiFetch, ApiError, type Fetcher } from "#web/lib/api-client.ts";
import { useAccountForm } from "./account-form.ts";
import { StatusMessage, primaryButtonClass } from "./status-message.tsx";

/** The person's preferences, or null when they could not be read (the form is then left out). */
export async function fetchNotificationPreferences(fetcher?: Fetcher): Promise<NotificationPreferences | null> {
  try {
    return await apiFetch<NotificationPreferences>("/me/notifications", {}, fetcher);
  } catch {
    return null;
  }
}

/** `onSaved`: told after each save (the onboarding reads its steps again). */
export function NotificationPreferencesForm({ initial, onSaved }: { initial: NotificationPreferences; onSaved?: () => void }) {
  const { t } = useTranslation("account");
  const [saved, setSaved] = useState<string | null>(null);
  const { form, fields, busy } = useAccountForm(NotificationPreferencesSchema, async (value) => {
    setSaved(null);
    try {
      await apiFetch("/me/notifications", { method: "PUT", json: value });
      setSaved(t("notifications.saved", { defaultValue: notificationMessages.saved }));
      onSaved?.();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) return error.fields;
      return { "": error instanceof Error ? error.message : String(error) };
    }
  });
  return (
    <form {...getFormProps(form)} className="grid gap-4" aria-labelledby="notifications-heading">
      <p className="text-sm text-stone-700">{t("notifications.intro")}</p>
      {NOTIFICATION_KINDS.map((kind) => {
        const field = fields[kind];
        return (
          <fieldset key={kind} className="grid gap-1" aria-describedby={field.errors ? field.errorId : undefined} aria-invalid={field.errors ? true : undefined}>
            <legend className="font-semibold text-stone-900">{t(`notifications.kinds.${kind}`, { defaultValue: NOTIFICATION_KIND_LABELS[kind] })}</legend>
            <div className="flex flex-wrap gap-x-5 gap-y-1">
              {DELIVERIES_OF[kind].map((delivery) => (
                <label key={delivery} className="flex items-center gap-2 text-stone-800">
                  <input type="radio" name={field.name} value={delivery} defaultChecked={initial[kind] === delivery} className="size-4 accent-brand-700" />
                  {t(`notifications.deliveries.${kind === "insights" && delivery === "at once" ? "monthly" : delivery}`, { defaultValue: deliveryLabel(kind, delivery) })}
                </label>
              ))}
            </div>
            <StatusMessage kind="error" id={field.errorId}>{field.errors?.[0]}</StatusMessage>
          </fieldset>
        );
      })}
      <div>
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? t("saving") : t("notifications.submit")}
        </button>
      </div>
      <StatusMessage kind="error" id={form.errorId}>{form.errors?.[0]}</StatusMessage>
      <StatusMessage kind="success">{saved}</StatusMessage>
    </form>
  );
}
