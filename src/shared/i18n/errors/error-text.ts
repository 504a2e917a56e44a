// One way for a message to reach a person in their language. Messages are written once, in English (messages.ts and
// each feature's messages); the `errors` catalog files each under a key, its English generated from them. A message
// on its way out (an API error, a field's error in a form) is found in the English catalog by its text, its
// parameters read back from the template, and said again in the person's language (docs/decisions/0045).
import type { TFunction } from "i18next";
import { getFixedT, loadCatalog } from "../index.ts";
import type { Language } from "../languages.ts";

export const ERRORS_NAMESPACE = "errors";

type Catalog = { [key: string]: string | Catalog };
type Plural = "zero" | "one" | "other";

interface Template {
  key: string;
  plural: Plural | null;
  names: string[];
  pattern: RegExp;
  /** Its fixed beginning: most templates are passed over by it before their pattern runs. */
  start: string;
  /** How much fixed text it has: the most specific template wins when several match. */
  weight: number;
}

/** The English catalog, turned around: from a text (or the shape of one) to its key. */
export interface ErrorIndex {
  exact: Map<string, { key: string; plural: Plural | null }>;
  templates: Template[];
}

const PLACEHOLDER = /\{\{(\w+)\}\}/g;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function* leaves(catalog: Catalog, prefix = ""): Generator<[string, string]> {
  for (const [key, value] of Object.entries(catalog)) {
    if (typeof value === "string") yield [prefix + key, value];
    else yield* leaves(value, `${prefix}${key}.`);
  }
}

export function errorIndex(english: Catalog): ErrorIndex {
  const index: ErrorIndex = { exact: new Map(), templates: [] };
  for (const [path, text] of leaves(english)) {
    const plural = (path.match(/_(zero|one|other)$/)?.[1] as Plural | undefined) ?? null;
    const key = plural ? path.slice(0, -(plural.length + 1)) : path;
    const names = [...text.matchAll(PLACEHOLDER)].map((match) => match[1]!);
    if (names.length === 0) {
      if (!index.exact.has(text)) index.exact.set(text, { key, plural });
      continue;
    }
    const parts = text.split(PLACEHOLDER).filter((_, at) => at % 2 === 0);
    // A message that trims its end ("Failed to add marker." when there is no detail) matches with its detail empty.
    const source = parts.map((part, at) => (at === parts.length - 2 && parts.at(-1) === "" ? escape(part).replace(/ $/, " ?") : escape(part))).join("([\\s\\S]*?)");
    index.templates.push({ key, plural, names, pattern: new RegExp(`^${source}$`), start: parts[0]!.trimEnd(), weight: parts.join("").length });
  }
  index.templates.sort((a, b) => b.weight - a.weight);
  return index;
}

/** Longer texts are no message of ours with its values (and matching them against every template would cost). */
const LONGEST = 4_000;

/** A message in the language of `t`, or the text as it is when the catalog does not know it. */
export function translateText(text: string, index: ErrorIndex, t: TFunction, depth = 0): string {
  if (text.length > LONGEST) return text;
  const exact = index.exact.get(text);
  let translated: string | null = null;
  if (exact) {
    translated = t(exact.key, exact.plural === "zero" ? { count: 0 } : exact.plural === "one" ? { count: 1 } : {});
  } else {
    for (const template of index.templates) {
      if (!text.startsWith(template.start)) continue;
      const match = template.pattern.exec(text);
      if (!match) continue;
      const values: Record<string, unknown> = {};
      // A parameter may be a message itself ("Failed to add page. " and why): it is said in the language too.
      template.names.forEach((name, at) => (values[name] = depth < 2 ? translateText(match[at + 1] ?? "", index, t, depth + 1) : match[at + 1]));
      if (template.plural) values.count = template.plural === "zero" ? 0 : Number(values.count ?? 1);
      translated = t(template.key, values);
      break;
    }
  }
  if (translated === null) return text;
  return /\s$/.test(text) ? translated : translated.trimEnd();
}

export type ErrorTranslator = (text: string) => string;

const same: ErrorTranslator = (text) => text;
const translators = new Map<Language, Promise<ErrorTranslator>>();
const ready = new Map<Language, ErrorTranslator>();

/** The translator of messages into a language, once its catalog and the English one are loaded. */
export function errorTranslator(language: Language): Promise<ErrorTranslator> {
  if (language === "en") return Promise.resolve(same);
  let translator = translators.get(language);
  if (!translator) {
    translator = Promise.all([loadCatalog("en", ERRORS_NAMESPACE), getFixedT(language, ERRORS_NAMESPACE)]).then(([english, t]) => {
      const index = errorIndex(english as Catalog);
      const translate: ErrorTranslator = (text) => translateText(text, index, t);
      ready.set(language, translate);
      return translate;
    });
    translators.set(language, translator);
  }
  return translator;
}

/** The translator into a language if it is loaded already (English always is), else null. */
export function loadedErrorTranslator(language: Language): ErrorTranslator | null {
  return language === "en" ? same : (ready.get(language) ?? null);
}

/** An API error's body (`{ error: { message, fields } }`) in a language; anything else as it is. */
export function translateErrorBody(body: unknown, translate: ErrorTranslator): unknown {
  const error = (body as { error?: { message?: unknown; fields?: unknown } } | null)?.error;
  if (!error || typeof error !== "object") return body;
  const fields = error.fields && typeof error.fields === "object" ? Object.fromEntries(Object.entries(error.fields).map(([name, text]) => [name, typeof text === "string" ? translate(text) : text])) : error.fields;
  return { ...body as object, error: { ...error, ...(typeof error.message === "string" ? { message: translate(error.message) } : {}), ...(fields ? { fields } : {}) } };
}
