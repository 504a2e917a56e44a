// The `errors` catalog keeps the English people see word for word: its English is generated from the messages'
// sources and stays equal to them, and every message the server or a form writes is found in it and said in French.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { englishCatalog, parameterNames } from "./error-catalog.ts";
import { ERROR_SOURCES } from "./error-sources.ts";
import { errorTranslator } from "./error-text.ts";
import english from "../locales/en/errors.json" with { type: "json" };

const SRC = path.join(import.meta.dirname, "../../..");

function* messagesOf(source: Record<string, unknown>, at = ""): Generator<[string, unknown]> {
  for (const [key, value] of Object.entries(source)) {
    if (value && typeof value === "object" && !Array.isArray(value)) yield* messagesOf(value as Record<string, unknown>, `${at}${key}.`);
    else yield [at + key, value];
  }
}

/** Values to call a message with: numbers where its wording follows one, texts elsewhere. */
const SAMPLES: Array<(name: string) => unknown> = [(name) => `«${name}»`, () => 1, () => 3];

describe("the English of the errors catalog", () => {
  it("is generated from messages.ts and the features' messages, unchanged (npm run i18n:errors)", () => {
    const { inline: _inline, ...generated } = english;
    expect(generated).toEqual(englishCatalog(ERROR_SOURCES));
  });

  it("has each text written in place in the code (schemas, services) still written there", () => {
    const code = [...filesUnder(path.join(SRC, "server")), ...filesUnder(path.join(SRC, "shared"))].map((file) => fs.readFileSync(file, "utf8")).join("\n");
    const stale = Object.entries(english.inline)
      .filter(([key]) => !key.startsWith("zod") && !key.startsWith("kept"))
      .filter(([, text]) => !text.split(/\{\{\w+\}\}/).every((part) => code.includes(part.replaceAll('"', '\\"')) || code.includes(part)));
    expect(stale).toEqual([]);
  });
});

describe("a message said in French", () => {
  it("is found for every message of the sources, whatever its parameters", async () => {
    const toEnglish = await errorTranslator("en");
    const toFrench = await errorTranslator("fr");
    const untranslated: string[] = [];
    for (const [key, message] of messagesOf(ERROR_SOURCES)) {
      const calls =
        typeof message === "function" ? callsOf(key, message as (...args: unknown[]) => unknown) : typeof message === "string" ? [message] : [];
      for (const text of calls) {
        expect(toEnglish(text)).toBe(text);
        if (toFrench(text) === text && !SAME_IN_FRENCH.has(text)) untranslated.push(`${key}: ${text}`);
      }
    }
    expect(untranslated).toEqual([]);
  });

  it("keeps its parameters and follows its numbers", async () => {
    const say = await errorTranslator("fr");
    expect(say('Tag "Vegan" not found.')).toBe("Étiquette « Vegan » introuvable.");
    expect(say("Too many sign-ups from this address. Please try again in 1 minute.")).toBe("Trop d’inscriptions depuis cette adresse. Veuillez réessayer dans 1 minute.");
    expect(say("Too many sign-ups from this address. Please try again in 12 minutes.")).toBe("Trop d’inscriptions depuis cette adresse. Veuillez réessayer dans 12 minutes.");
    expect(say("No suggestions.")).toBe("Aucune suggestion.");
    expect(say("3 suggestions.")).toBe("3 suggestions.");
    expect(say("Party size must be from 1 to 4.")).toBe("Le nombre de personnes doit être de 1 à 4.");
    // A message whose detail is a message too; and one that drops its detail when there is none.
    expect(say("Failed to add page. Page Name and Permission are required.")).toBe("Impossible d’ajouter la page. Le nom de la page et la permission sont obligatoires.");
    expect(say("Failed to add marker.")).toBe("Impossible d’ajouter le lieu.");
    // The spec's load failures end with a space another text follows.
    expect(say("Failed to load posts. ")).toBe("Impossible de charger les nouvelles. ");
    expect(say("Too big: expected string to have <=200 characters")).toBe("Trop long : 200 caractères au plus.");
  });

  it("leaves a text the catalog does not know, and French, as it is", async () => {
    const say = await errorTranslator("fr");
    expect(say("Café Lune is closed.")).toBe("Café Lune is closed.");
    expect(say("Le nom d’affichage ne peut pas être vide.")).toBe("Le nom d’affichage ne peut pas être vide.");
  });
});

describe("the messages the server and the forms write in place", () => {
  it("are each in the catalog", async () => {
    const say = await errorTranslator("fr");
    const written = new Set<string>();
    const files = [...filesUnder(path.join(SRC, "server")), ...filesUnder(path.join(SRC, "shared", "schemas"))].filter((file) => !/[/\\](cli|demo|db|telemetry)[/\\]|env\.ts$|\.test\.ts$/.test(file));
    for (const file of files) {
      const code = fs.readFileSync(file, "utf8");
      for (const match of code.matchAll(/(?:\b(?:error|message): |\bconst message = |\b(?:Validation|NotFound|Forbidden|Conflict|Unauthorized|Unavailable|RateLimited)\(|apiError\(c, \d+, "\w+", |new AppError\(\d+, "\w+", )"([^"\n]{4,})"/g)) written.add(match[1]!);
      // A sentence kept in a constant of its own (the newsletter's consent wording, kept as shown, is the subscribe form's).
      for (const match of code.matchAll(/\bconst [A-Z_]+ = "([A-Z][^"\n]{10,}\.)";/g)) written.add(match[1]!);
    }
    expect(written.size).toBeGreaterThan(50);
    const missing = [...written].filter((text) => say(text) === text && !OPERATOR_TEXTS.test(text) && !text.startsWith("I agree to receive"));
    expect(missing).toEqual([]);
  });
});

/** A message called with sample values: numbers where its wording follows one, texts elsewhere, lists for a list. */
function callsOf(key: string, message: (...args: unknown[]) => unknown): string[] {
  if (key === "importMessages.keptFields") return [message(["Phone"]), message(["Skipped dates", "Moved dates", "Ends"])] as string[];
  return SAMPLES.map((sample) => message(...parameterNames(message as () => string).map(sample))).filter((text): text is string => typeof text === "string");
}

/** Texts the same in both languages (names, numbers). */
const SAME_IN_FRENCH = new Set(["Document", "Documents", "«count» suggestion.", "1 suggestion.", "3 suggestions."]);

/** Texts for whoever runs the server (configuration, command line), not for people using the site. */
const OPERATOR_TEXTS = /^(expected |--|scheduled backups)/;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (/\.tsx?$/.test(entry.name)) yield full;
  }
}

describe("the translator", () => {
  it("passes over a long text at once, whatever it holds", async () => {
    const say = await errorTranslator("fr");
    const long = `Failed to add page. ${"Error loading x: ".repeat(400)}`;
    const started = performance.now();
    expect(say(long)).toBe(long);
    expect(say(`Failed to add page. ${"a".repeat(3000)}`)).toBe(`Impossible d’ajouter la page. ${"a".repeat(3000)}`);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
