// The registration settings organizers set for an event or a date: taking registrations, places, places per
// registration, when registration opens and closes (in the association's time zone) and the waiting list. The
// organizers' page and the event forms both draw them; each message stands beside its field.
import { DateTimeField } from "#web/components/ui/date-time-field.tsx";
import { ErrorList } from "#web/components/ui/field.tsx";
import { ui } from "#web/components/ui/classes.ts";
import { useManageText } from "#web/lib/manage-text.ts";

/** The settings the fields start from, as the API answers them. */
export interface RegistrationDefaults {
  enabled: boolean;
  capacity: number | string | null;
  maxPartySize: number | string;
  opensAt: string | null;
  closesAt: string | null;
  waitlist: boolean;
}

export const NEW_REGISTRATION: RegistrationDefaults = { enabled: false, capacity: null, maxPartySize: 1, opensAt: null, closesAt: null, waitlist: true };

export const REGISTRATION_FIELDS = ["enabled", "capacity", "maxPartySize", "opensAt", "closesAt", "waitlist"] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];

interface Props {
  /** The name each control is sent under. */
  nameOf: (field: RegistrationField) => string;
  /** Ids start with it, so two forms on a page never share one. */
  idPrefix: string;
  defaults: RegistrationDefaults;
  errors: Partial<Record<RegistrationField, ReadonlyArray<string> | null | undefined>>;
  timeZone: string;
}

export function RegistrationSettingsFields({ nameOf, idPrefix, defaults, errors, timeZone }: Props) {
  const { t } = useManageText();
  const id = (field: RegistrationField) => `${idPrefix}-${field}`;
  const text = (field: RegistrationField, label: string) => {
    const fault = errors[field];
    const value = defaults[field];
    return (
      <div className="min-w-0">
        <label htmlFor={id(field)} className={ui.label}>
          {label}
        </label>
        <input
          id={id(field)}
          name={nameOf(field)}
          inputMode="numeric"
          className={ui.input}
          defaultValue={value === null || value === undefined ? "" : String(value)}
          aria-invalid={fault?.length ? true : undefined}
          aria-describedby={fault?.length ? `${id(field)}-error` : undefined}
        />
        <ErrorList id={`${id(field)}-error`} errors={fault} />
      </div>
    );
  };
  return (
    <>
      <label className="flex items-center gap-2 text-stone-800">
        <input type="checkbox" name={nameOf("enabled")} defaultChecked={defaults.enabled} className="size-4" /> {t("registrationFields.enabled")}
      </label>
      <div className="grid gap-4 sm:grid-cols-2">
        {text("capacity", t("registrationFields.capacity"))}
        {text("maxPartySize", t("registrationFields.maxPartySize"))}
        <DateTimeField name={nameOf("opensAt")} label={t("registrationFields.opens")} defaultValue={defaults.opensAt ?? ""} timeZone={timeZone} errors={errors.opensAt} />
        <DateTimeField name={nameOf("closesAt")} label={t("registrationFields.closes")} defaultValue={defaults.closesAt ?? ""} timeZone={timeZone} errors={errors.closesAt} />
      </div>
      <p className="-mt-2 text-sm text-stone-600">{t("registrationFields.hint")}</p>
      <label className="flex items-center gap-2 text-stone-800">
        <input type="checkbox" name={nameOf("waitlist")} defaultChecked={defaults.waitlist} className="size-4" /> {t("registrationFields.waitlist")}
      </label>
    </>
  );
}

/** The settings as a form sent them: blank places is no limit, an unticked box is off, a blank time is none. */
export function registrationFromForm(read: (field: RegistrationField) => string | undefined) {
  const value = (field: RegistrationField) => read(field)?.trim() ?? "";
  const number = (field: RegistrationField) => (value(field) === "" ? null : Number(value(field)));
  return {
    enabled: value("enabled") === "on",
    capacity: number("capacity"),
    maxPartySize: number("maxPartySize") ?? 1,
    opensAt: value("opensAt") || null,
    closesAt: value("closesAt") || null,
    waitlist: value("waitlist") === "on",
  };
}
