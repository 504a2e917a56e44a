// The translations an owner's request carries (decision 0044), compared with the live ones: what the Requests tab
// shows an administrator beside the fields. An owner's form sends every translatable field of each language, so
// only those that differ from what is live are told; a new item's are told when they hold text.
import { LANGUAGES } from "#shared/i18n/languages.ts";
import type { RequestTranslation } from "#shared/schemas/owners.ts";
import type { TranslatedEntity, Translations } from "#shared/schemas/translations.ts";
import type { Form, Values } from "./request-forms.ts";
import type { StoredRequest } from "./requests.repository.ts";

/** The stored translations a request changes: its business's, event's or offer's; none for a claim or a new item. */
export function translatedTarget(request: Pick<StoredRequest, "kind" | "businessId" | "targetId">): { type: TranslatedEntity; id: string } | null {
  if (request.kind === "listing-change" && request.businessId) return { type: "business", id: request.businessId };
  if ((request.kind === "event" || request.kind === "offer") && request.targetId) return { type: request.kind, id: request.targetId };
  return null;
}

/** `live`: the item's saved translations; null for a new item. */
export function requestTranslations(form: Form, payload: Values, live: Translations | null): RequestTranslation[] {
  const sent = payload.translations as Partial<Record<string, Record<string, unknown> | null | undefined>> | undefined;
  if (!sent || typeof sent !== "object") return [];
  const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value : null);
  return LANGUAGES.flatMap((language) =>
    Object.entries(sent[language] ?? {}).flatMap(([field, value]) => {
      const requested = text(value);
      const saved = text(live?.[language]?.[field]);
      if (requested === saved) return [];
      return [{ language, field, label: form.views[field]?.label ?? field, live: saved, requested }];
    }),
  );
}
