// Writes the English `errors` catalog from the messages' sources (src/shared/i18n/errors/error-sources.ts), keeping
// its `inline` part (texts written in place in schemas and server code), and lists the keys French lacks.
import fs from "node:fs";
import { ERROR_SOURCES } from "../src/shared/i18n/errors/error-sources.ts";
import { englishCatalog } from "../src/shared/i18n/errors/error-catalog.ts";

const file = (language: string) => `src/shared/i18n/locales/${language}/errors.json`;
const read = (path: string): Record<string, unknown> => (fs.existsSync(path) ? JSON.parse(fs.readFileSync(path, "utf8")) : {});

const english = { ...englishCatalog(ERROR_SOURCES), inline: read(file("en")).inline ?? {} };
fs.writeFileSync(file("en"), `${JSON.stringify(english, null, 2)}\n`);

const keys = (catalog: unknown, prefix = ""): string[] =>
  Object.entries(catalog as Record<string, unknown>).flatMap(([key, value]) => (typeof value === "string" ? [prefix + key] : keys(value, `${prefix}${key}.`)));
const french = new Set(keys(read(file("fr"))));
const missing = keys(english).filter((key) => !french.has(key));
if (missing.length > 0) console.warn(`French lacks ${missing.length} keys:\n${missing.join("\n")}`);
