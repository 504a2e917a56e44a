// A series' rule on a public event page, in English (the words the page always had) and in French.
import { beforeAll, describe, expect, it } from "vitest";
import { getFixedT } from "#shared/i18n/index.ts";
import { ruleInWords } from "./repeat-rule.ts";
import { ruleWords, type RuleWords } from "./rule-words.ts";

const TORONTO = "America/Toronto";
// Friday 6 November 2026, 18:00 in Toronto.
const start = "2026-11-06T23:00:00.000Z";

const RULES = [
  "FREQ=DAILY",
  "FREQ=DAILY;INTERVAL=2;COUNT=3",
  "FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270630T235959Z",
  "FREQ=WEEKLY;BYDAY=MO,WE,FR",
  "FREQ=WEEKLY;INTERVAL=2;BYDAY=SA;COUNT=1",
  "FREQ=MONTHLY;BYDAY=+1FR",
  "FREQ=MONTHLY;INTERVAL=2;BYDAY=-1MO",
  "FREQ=MONTHLY;BYMONTHDAY=1",
  "FREQ=MONTHLY;BYMONTHDAY=22",
  "FREQ=MONTHLY;BYMONTHDAY=13",
  "FREQ=YEARLY",
  "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=14",
];

let english: RuleWords;
let french: RuleWords;
beforeAll(async () => {
  english = { lang: "en", t: await getFixedT("en", "public") };
  french = { lang: "fr", t: await getFixedT("fr", "public") };
});

describe("a series' rule in words", () => {
  it("in English is what the event page has always said", () => {
    for (const rule of RULES) expect([rule, ruleWords(rule, start, TORONTO, english)]).toEqual([rule, ruleInWords(rule, start, TORONTO)]);
  });

  it("in French says the same with French words, days and dates", () => {
    const fr = (rule: string) => ruleWords(rule, start, TORONTO, french);
    expect(fr("FREQ=DAILY")).toBe("Chaque jour");
    expect(fr("FREQ=DAILY;INTERVAL=2;COUNT=3")).toBe("Tous les 2 jours, 3 fois");
    expect(fr("FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270630T235959Z")).toBe("Chaque semaine, le mardi et jeudi, jusqu’au 30 juin 2027");
    expect(fr("FREQ=WEEKLY;INTERVAL=2;BYDAY=SA;COUNT=1")).toBe("Toutes les 2 semaines, le samedi, une fois");
    expect(fr("FREQ=MONTHLY;BYDAY=+1FR")).toBe("Chaque mois, le premier vendredi");
    expect(fr("FREQ=MONTHLY;INTERVAL=2;BYDAY=-1MO")).toBe("Tous les 2 mois, le dernier lundi");
    expect(fr("FREQ=MONTHLY;BYMONTHDAY=1")).toBe("Chaque mois, le 1er");
    expect(fr("FREQ=MONTHLY;BYMONTHDAY=22")).toBe("Chaque mois, le 22");
    expect(fr("FREQ=YEARLY")).toBe("Chaque année, le 6 novembre");
    // A rule the builder cannot say has no French words (rrule's are English only): the page then shows its dates alone.
    expect(fr("FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=14")).toBeNull();
  });
});
