import i18next from "i18next";
import { describe, expect, it } from "vitest";
import englishHours from "./i18n/locales/en/hours.json" with { type: "json" };
import frenchHours from "./i18n/locales/fr/hours.json" with { type: "json" };
import type { Lang } from "./i18n/format.ts";
import { exceptionText, intervalsText, statusText, type HoursStatus, type HoursWords } from "./opening-hours.ts";

// The words as pages get them: i18next's own lookup and interpolation over the `hours` catalogs.
const i18n = i18next.createInstance();
await i18n.init({ resources: { en: { hours: englishHours }, fr: { hours: frenchHours } }, lng: "en", interpolation: { escapeValue: false } });
const words = (lang: Lang): HoursWords => ({ lang, t: i18n.getFixedT(lang, "hours") as unknown as HoursWords["t"] });

const closedUntil = (date: string, weekday: "tu" | "we", time: string): HoursStatus => ({ openNow: false, today: "2026-06-29", next: { at: "", date, weekday, time } });

describe("opening hours in words, in English and in French", () => {
  it("says whether a business is open now and when that changes", () => {
    const open: HoursStatus = { openNow: true, today: "2026-06-29", next: { at: "", date: "2026-06-29", weekday: "mo" as never, time: "17:00" } };
    expect(statusText(open, words("en"))).toBe("Open now · closes 17:00");
    expect(statusText(open, words("fr"))).toBe("Ouvert maintenant · ferme à 17 h");
    const allDay: HoursStatus = { openNow: true, today: "2026-06-29", next: null };
    expect(statusText(allDay, words("en"))).toBe("Open now · open 24 hours");
    expect(statusText(allDay, words("fr"))).toBe("Ouvert maintenant · ouvert 24 heures sur 24");
  });

  it("names the next opening by its weekday, or by its date a week or more away", () => {
    expect(statusText(closedUntil("2026-06-29", "tu", "09:30"), words("en"))).toBe("Closed · opens today 09:30");
    expect(statusText(closedUntil("2026-06-29", "tu", "09:30"), words("fr"))).toBe("Fermé · ouvre aujourd’hui à 9 h 30");
    expect(statusText(closedUntil("2026-06-30", "tu", "09:00"), words("en"))).toBe("Closed · opens Tue 09:00");
    expect(statusText(closedUntil("2026-06-30", "tu", "09:00"), words("fr"))).toBe("Fermé · ouvre mar. à 9 h");
    expect(statusText(closedUntil("2026-07-08", "we", "09:00"), words("en"))).toBe("Closed · opens Wed 8 Jul 09:00");
    expect(statusText(closedUntil("2026-07-08", "we", "09:00"), words("fr"))).toBe("Fermé · ouvre mer. 8 juill. à 9 h");
    expect(statusText({ openNow: false, today: "2026-06-29", next: null }, words("fr"))).toBe("Fermé");
    expect(statusText({ openNow: null, today: "2026-06-29", next: null }, words("fr"))).toBeNull();
  });

  it("describes holidays and special hours", () => {
    const christmas = { from: "2026-12-25", to: "2026-12-25", intervals: [], note: "Christmas Day" };
    expect(exceptionText(christmas, words("en"))).toBe("Closed Fri 25 Dec: Christmas Day");
    expect(exceptionText({ ...christmas, note: "Noël" }, words("fr"))).toBe("Fermé ven. 25 déc. : Noël");
    const eve = { from: "2026-12-31", to: "2026-12-31", intervals: [{ open: "10:00", close: "14:00" }], note: null };
    expect(exceptionText(eve, words("en"))).toBe("Open Thu 31 Dec 10:00–14:00");
    expect(exceptionText(eve, words("fr"))).toBe("Ouvert jeu. 31 déc., 10 h à 14 h");
    const holidays = { from: "2026-12-24", to: "2026-12-26", intervals: [], note: null };
    expect(exceptionText(holidays, words("en"))).toBe("Closed Thu 24 Dec – Sat 26 Dec");
    expect(exceptionText(holidays, words("fr"))).toBe("Fermé du jeu. 24 déc. au sam. 26 déc.");
    const overnight = [{ open: "09:00", close: "12:00" }, { open: "18:00", close: "02:00" }];
    expect(intervalsText(overnight, words("en"))).toBe("09:00–12:00, 18:00–02:00");
    expect(intervalsText(overnight, words("fr"))).toBe("9 h à 12 h, 18 h à 2 h");
  });
});
