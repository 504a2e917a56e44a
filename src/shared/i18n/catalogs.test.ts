// Every key of every namespace stands in every language's catalog: a page never shows a key, or another language's
// text, for want of a translation. Plural forms count as their key (each language has the forms its rules need).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "./languages.ts";

const LOCALES = path.join(import.meta.dirname, "locales");
const PLURAL = /_(zero|one|two|few|many|other)$/;

function keysOf(value: unknown, prefix = ""): string[] {
  if (typeof value === "string") return [prefix.replace(PLURAL, "")];
  if (!value || typeof value !== "object") throw new Error(`${prefix}: neither a text nor a group of texts`);
  return Object.entries(value).flatMap(([key, inner]) => keysOf(inner, prefix ? `${prefix}.${key}` : key));
}

function catalog(language: string, namespace: string): string[] | null {
  const file = path.join(LOCALES, language, `${namespace}.json`);
  return fs.existsSync(file) ? [...new Set(keysOf(JSON.parse(fs.readFileSync(file, "utf8"))))].sort() : null;
}

const namespaces = [...new Set(LANGUAGES.flatMap((language) => (fs.existsSync(path.join(LOCALES, language)) ? fs.readdirSync(path.join(LOCALES, language)) : [])))]
  .filter((file) => file.endsWith(".json"))
  .map((file) => file.slice(0, -".json".length));

describe("the catalogs", () => {
  it("have the layout's namespace", () => {
    expect(namespaces).toContain("common");
  });

  it.each(namespaces)("%s has the same keys in every language", (namespace) => {
    const byLanguage = Object.fromEntries(LANGUAGES.map((language) => [language, catalog(language, namespace)]));
    const all = [...new Set(Object.values(byLanguage).flatMap((keys) => keys ?? []))].sort();
    for (const language of LANGUAGES) {
      const missing = all.filter((key) => !byLanguage[language]?.includes(key));
      expect({ language, missing }).toEqual({ language, missing: [] });
    }
  });

  it.each(namespaces)("%s has no empty text", (namespace) => {
    for (const language of LANGUAGES) {
      const text = fs.readFileSync(path.join(LOCALES, language, `${namespace}.json`), "utf8");
      expect(text).not.toMatch(/:\s*""/);
    }
  });
});
