// Which owners' changes the association approves at once, and where new requests are announced. Conform checks the
// notification address with the settings' schema before the Requests tab's action sends it; the server's refusals
// come back as that action's outcome, below the button.
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import { useTranslation } from "react-i18next";
import { ModerationSettingsSchema, type ModerationSettings } from "#shared/schemas/owners.ts";
import { InputField, OutcomeMessage, type Outcome } from "#web/components/ui/field.tsx";
import { ui } from "#web/components/ui/classes.ts";

const SWITCHES = ["autoApproveListings", "autoApproveEvents", "autoApproveOffers"] as const;

/** As the form sends it: a switch left off is absent, and so is an empty address. */
const SettingsFormSchema = ModerationSettingsSchema.partial();

export function ModerationSettingsForm({ settings }: { settings: ModerationSettings }) {
  const { t } = useTranslation("owners");
  const fetcher = useFetcher<{ outcome: Outcome }>({ key: "moderation-settings" });
  const [form, fields] = useForm({
    id: "moderation-settings",
    defaultValue: { notificationEmail: settings.notificationEmail },
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SettingsFormSchema }),
  });
  return (
    <details className="card">
      <summary className="cursor-pointer font-semibold text-brand-800">{t("moderation.heading")}</summary>
      <fetcher.Form id={form.id} method="post" className="mt-3 grid gap-3" onSubmit={form.onSubmit} noValidate>
        <input type="hidden" name="intent" value="settings" />
        {SWITCHES.map((name) => (
          <label key={name} className="flex items-center gap-2">
            <input type="checkbox" name={name} defaultChecked={settings[name]} className="size-4 accent-brand-700" />
            {t(`moderation.${name}`)}
          </label>
        ))}
        <p className="text-sm text-stone-600">{t("moderation.recent")}</p>
        <InputField field={fields.notificationEmail} label={t("moderation.notificationEmail")} type="email" />
        <button type="submit" className={`${ui.primary} w-fit`} disabled={fetcher.state !== "idle"}>
          {t("moderation.save")}
        </button>
        <OutcomeMessage outcome={fetcher.data?.outcome} />
      </fetcher.Form>
    </details>
  );
}
