// The "Registration" section of the event forms (the admin's Events tab, an owner's event on /mybusiness): taking
// registrations, places, places per registration, opening and closing, the waiting list. It is read from and saved to
// the event's registration API, whose service decides who may change it; the questions stay on the organizers' page.
import { useEffect, useState } from "react";
import type { FieldWidgetProps } from "#web/components/ui/entity-fields.tsx";
import { apiFetch } from "#web/lib/api-client.ts";
import { useManageText } from "#web/lib/manage-text.ts";
import type { RegistrationInfo } from "#shared/schemas/registration.ts";
import { NEW_REGISTRATION, REGISTRATION_FIELDS, RegistrationSettingsFields, type RegistrationDefaults, type RegistrationField } from "./registration-settings-fields.tsx";

/** Sent with the section once its settings are drawn: without it the event is saved alone. */
export const SECTION_SHOWN = "shown";

function Section({ name, meta, values, timeZone }: FieldWidgetProps) {
  const { t } = useManageText();
  const eventId = typeof values.id === "string" && values.id ? values.id : null;
  const [loaded, setLoaded] = useState<RegistrationDefaults | "loading" | "failed">(eventId ? "loading" : NEW_REGISTRATION);
  useEffect(() => {
    if (!eventId) return;
    let current = true;
    apiFetch<RegistrationInfo>(`/events/${encodeURIComponent(eventId)}/registration`).then(
      (info) => current && setLoaded(info),
      () => current && setLoaded("failed"),
    );
    return () => {
      current = false;
    };
  }, [eventId]);
  const all = meta.allErrors;
  const errors = Object.fromEntries(REGISTRATION_FIELDS.map((field) => [field, all[`${name}.${field}`]])) as Partial<Record<RegistrationField, string[]>>;
  return (
    <fieldset className="grid min-w-0 gap-4 rounded-md border border-stone-200 p-3">
      <legend className="px-1 text-base font-semibold text-stone-900">{t("registrationFields.legend")}</legend>
      {loaded === "loading" && <p className="text-sm text-stone-700">{t("registrationFields.loading")}</p>}
      {loaded === "failed" && (
        <p className="text-sm text-stone-700">{t("registrationFields.loadFailed")}</p>
      )}
      {typeof loaded === "object" && (
        <>
          <input type="hidden" name={`${name}.${SECTION_SHOWN}`} value="1" />
          <RegistrationSettingsFields nameOf={(field) => `${name}.${field}`} idPrefix={meta.id} defaults={loaded} errors={errors} timeZone={timeZone} />
        </>
      )}
      {eventId && (
        <p className="text-sm">
          <a href={`/events/${encodeURIComponent(eventId)}/registrations`} className="text-brand-700 underline">
            {t("registrationFields.more")}
          </a>
          <span className="text-stone-600"> {t("registrationFields.moreExplained")}</span>
        </p>
      )}
    </fieldset>
  );
}

/** The administrators' section: for a new event too, whose settings are saved once it is added. */
export function EventRegistrationWidget(props: FieldWidgetProps) {
  return <Section {...props} />;
}

/** The owners' section: only on an event that exists, since a proposed one is an administrator's to add. */
export function OwnerEventRegistrationWidget(props: FieldWidgetProps) {
  return typeof props.values.id === "string" && props.values.id ? <Section {...props} /> : null;
}
