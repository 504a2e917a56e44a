// The `errors` catalog's English, generated from the messages' sources: a text stays as it is, a message with
// parameters becomes an i18next template whose placeholders are the parameters' names, and one whose wording changes
// with a number (one minute, two minutes) becomes i18next plural forms (`_zero`, `_one`, `_other`) on `count`.

type Catalog = { [key: string]: string | Catalog };

/** The names of a message function's parameters, as written in its source. */
export function parameterNames(message: (...args: never[]) => unknown): string[] {
  const source = message.toString();
  const list = source.match(/^\s*(?:async\s*)?(?:function\s*[\w$]*\s*)?\(([^)]*)\)/)?.[1] ?? source.match(/^\s*([\w$]+)\s*=>/)?.[1] ?? "";
  return list
    .split(",")
    .map((name) => name.replace(/[=:].*$/s, "").trim())
    .filter(Boolean);
}

const placeholder = (name: string) => `{{${name}}}`;

/**
 * A message function's catalog entries: one template, or plural forms when its wording follows a number; null for
 * one whose parameters are not texts or numbers (a list, an object), which has no template.
 */
export function templatesOf(message: (...args: unknown[]) => string): Record<string, string> | null {
  try {
    return templates(message);
  } catch {
    return null;
  }
}

function templates(message: (...args: unknown[]) => string): Record<string, string> | null {
  const names = parameterNames(message);
  const template = message(...names.map(placeholder));
  if (typeof template !== "string") return null;
  for (const [at, name] of names.entries()) {
    const call = (value: number) => message(...names.map((other, i) => (i === at ? value : placeholder(other))));
    const regular = (value: number) => call(value) === template.split(placeholder(name)).join(String(value));
    if (regular(0) && regular(1) && regular(7)) continue;
    const form = (value: number) => call(value).split(String(value)).join(placeholder("count"));
    return { ...(regular(0) ? {} : { _zero: form(0) }), _one: form(1), _other: form(7) };
  }
  return { "": template };
}

/** The English catalog of the sources given: nested as they are, each text or template at its path. */
export function englishCatalog(sources: Record<string, unknown>): Catalog {
  const catalog: Catalog = {};
  for (const [key, value] of Object.entries(sources)) {
    if (typeof value === "string") catalog[key] = value;
    else if (typeof value === "function") for (const [suffix, text] of Object.entries(templatesOf(value as (...args: unknown[]) => string) ?? {})) catalog[key + suffix] = text;
    else if (value && typeof value === "object" && !Array.isArray(value)) {
      const nested = englishCatalog(value as Record<string, unknown>);
      if (Object.keys(nested).length > 0) catalog[key] = nested;
    }
  }
  return catalog;
}
