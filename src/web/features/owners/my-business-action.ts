// What /mybusiness's forms send: each is checked with the entity's own schema first, then sent to the API, which
// makes it a request (or applies it, when the association approves that kind at once).
import { ApiError, apiFetch } from "#web/lib/api-client.ts";
import { asLists, parseEntityForm, type FormActionData } from "#web/components/ui/entity-form.tsx";
import { translationsOf } from "#web/components/ui/translation-section.tsx";
import { OWNER_FORMS, ownerTexts, type OwnerFormName } from "./my-business-forms.ts";
import { readRegistrationSection, registrationSaved, saveRegistrationSection } from "../registration/index.ts";

const failed = (error: unknown) => (error instanceof ApiError ? error.detail : "Something went wrong. Please try again.");

export async function ownerAction(form: FormData): Promise<FormActionData> {
  const text = (name: string) => String(form.get(name) ?? "");
  const [intent, id, round] = [text("intent"), text("id"), text("round")];
  try {
    if (intent === "withdraw") {
      await apiFetch(`/requests/${encodeURIComponent(id)}/withdraw`, { method: "POST" });
      return { outcome: { kind: "success", text: ownerTexts.withdrawn } };
    }
    if (intent === "delete-event" || intent === "delete-offer") {
      await apiFetch(`/${intent === "delete-event" ? "events" : "offers"}/${encodeURIComponent(id)}`, { method: "DELETE" });
      return { outcome: { kind: "success", text: ownerTexts.deleted(intent === "delete-event" ? "Event" : "Offer") } };
    }
  } catch (error) {
    return { outcome: { kind: "error", text: failed(error) } };
  }
  const name: OwnerFormName = intent === "propose" ? "proposal" : (intent as OwnerFormName);
  const owner = OWNER_FORMS[name];
  if (!owner) return { outcome: { kind: "error", text: "Unknown form." } };
  const parsed = parseEntityForm(form, owner.schema, owner.views, owner.required);
  if (!parsed.ok) return { outcome: parsed.outcome, result: parsed.result, round };
  const editing = id && intent !== "propose";
  // An event's registration section: checked first, and saved at once (owners organize their events) once the change is sent.
  const registration = name === "event" && editing ? readRegistrationSection(form) : null;
  if (registration?.errors) return { outcome: { kind: "error", text: Object.values(registration.errors)[0]![0]! }, result: parsed.submission.reply({ fieldErrors: registration.errors }), round };
  try {
    const answer = await apiFetch<{ status?: string }>(editing ? `${owner.path}/${encodeURIComponent(id)}` : owner.path, { method: editing ? "PUT" : "POST", json: { ...parsed.value, ...translationsOf(form) } });
    let text: string = answer?.status === "approved" ? ownerTexts.applied : ownerTexts.sent;
    if (registration) {
      const outcome = await saveRegistrationSection(id, registration.values);
      if ("detail" in outcome) return { outcome: { kind: "error", text: `${text} Registration settings not saved: ${outcome.detail}` }, result: parsed.submission.reply({ fieldErrors: outcome.errors }), round };
      if (outcome.saved) text = `${text} ${registrationSaved}`;
    }
    return { outcome: { kind: "success", text }, result: parsed.submission.reply({ resetForm: true }), round, done: true };
  } catch (error) {
    const fields = error instanceof ApiError ? asLists(error.fields, owner.views) : {};
    return { outcome: { kind: "error", text: failed(error) }, result: parsed.submission.reply({ fieldErrors: fields }), round };
  }
}
