// What the event forms' actions do with their "Registration" section: read and check it before the event is saved,
// then save it through the event's registration API (PUT /events/{id}/registration), which authorizes the person
// (administrators, the host's owners) and applies the same rules as the organizers' page.
import { ApiError, apiFetch } from "#web/lib/api-client.ts";
import { manageT } from "#web/lib/manage-text.ts";
import { fieldErrors } from "#shared/field-errors.ts";
import { RegistrationSettingsInputSchema, type RegistrationInfo } from "#shared/schemas/registration.ts";
import { SECTION_SHOWN } from "./event-registration-section.tsx";
import { REGISTRATION_FIELDS, registrationFromForm } from "./registration-settings-fields.tsx";

/** The form field the section is sent under. */
export const REGISTRATION_FIELD = "registration";
export const registrationSaved = "Registration settings saved.";
/** `registrationSaved` in the page's language, for a client action that says the section was saved. */
export const registrationSavedText = async () => (await manageT())("registrations.settingsSaved");

export type RegistrationSection = ReturnType<typeof registrationFromForm>;

/** Messages by the section's controls' names (`registration.capacity`), as Conform shows them beside each. */
function asFieldErrors(fields: Record<string, string>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(fields).flatMap(([key, text]) => (REGISTRATION_FIELDS.includes(key as never) ? [[`${REGISTRATION_FIELD}.${key}`, [text]]] : [])));
}

/** The section as sent, or null when the form had none; `errors` when the settings cannot be saved as they are. */
export function readRegistrationSection(form: FormData): { values: RegistrationSection; errors: Record<string, string[]> | null } | null {
  if (!form.get(`${REGISTRATION_FIELD}.${SECTION_SHOWN}`)) return null;
  const values = registrationFromForm((field) => {
    const value = form.get(`${REGISTRATION_FIELD}.${field}`);
    return typeof value === "string" ? value : undefined;
  });
  const parsed = RegistrationSettingsInputSchema.safeParse(values);
  return { values, errors: parsed.success ? null : asFieldErrors(fieldErrors(parsed.error.issues)) };
}

const same = (info: RegistrationInfo, values: RegistrationSection) =>
  info.enabled === values.enabled &&
  info.capacity === values.capacity &&
  info.maxPartySize === values.maxPartySize &&
  info.waitlist === values.waitlist &&
  (info.opensAt ?? null) === (values.opensAt && new Date(values.opensAt).toISOString()) &&
  (info.closesAt ?? null) === (values.closesAt && new Date(values.closesAt).toISOString());

/**
 * Saves the section's settings for the event, keeping its questions; nothing is sent when they did not change.
 * Answers whether they were saved, or the API's refusal with its messages by control.
 */
export async function saveRegistrationSection(eventId: string, values: RegistrationSection): Promise<{ saved: boolean } | { detail: string; errors: Record<string, string[]> }> {
  const path = `/events/${encodeURIComponent(eventId)}/registration`;
  try {
    const current = await apiFetch<RegistrationInfo>(path);
    if (same(current, values)) return { saved: false };
    await apiFetch(path, { method: "PUT", json: { ...values, questions: current.questions } });
    return { saved: true };
  } catch (error) {
    if (error instanceof ApiError) return { detail: error.detail, errors: asFieldErrors(error.fields) };
    throw error;
  }
}
