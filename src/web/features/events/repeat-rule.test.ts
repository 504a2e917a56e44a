import { describe, expect, it } from "vitest";
import { defaultChoices, describeChoices, fromRule, ruleInWords, toRule, type RepeatChoices } from "./repeat-rule.ts";
import { hasOccurrence } from "#shared/recurrence.ts";

const TORONTO = "America/Toronto";
// Friday 6 November 2026, 18:00–21:00 in Toronto.
const start = "2026-11-06T23:00:00.000Z";
const end = "2026-11-07T02:00:00.000Z";
const base = defaultChoices(start, TORONTO);
const when = { start, end, timeZone: TORONTO };
const choose = (changes: Partial<RepeatChoices>): RepeatChoices => ({ ...base, ...changes });

describe("the repeat rule builder", () => {
  it("starts from the event's own weekday and day of the month, not repeating", () => {
    expect(base).toMatchObject({ frequency: "never", interval: 1, weekdays: ["FR"], monthlyBy: "day", monthDay: 6, nth: 1, nthWeekday: "FR", ends: "never" });
    expect(toRule(base)).toBeNull();
    expect(describeChoices(base, when)).toBe("Does not repeat");
  });

  it("turns each choice into an RRULE and back", () => {
    const cases: Array<[Partial<RepeatChoices>, string]> = [
      [{ frequency: "daily" }, "FREQ=DAILY"],
      [{ frequency: "daily", interval: 3, ends: "after", count: 5 }, "FREQ=DAILY;INTERVAL=3;COUNT=5"],
      [{ frequency: "weekly", weekdays: ["TH", "TU"], ends: "on", until: "2027-06-30" }, "FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270630T235959Z"],
      [{ frequency: "monthly", monthlyBy: "weekday", nth: 1, nthWeekday: "FR" }, "FREQ=MONTHLY;BYDAY=1FR"],
      [{ frequency: "monthly", monthlyBy: "weekday", nth: -1, nthWeekday: "MO", interval: 2 }, "FREQ=MONTHLY;INTERVAL=2;BYDAY=-1MO"],
      [{ frequency: "monthly", monthlyBy: "day", monthDay: 15 }, "FREQ=MONTHLY;BYMONTHDAY=15"],
      [{ frequency: "yearly" }, "FREQ=YEARLY"],
    ];
    for (const [changes, rule] of cases) {
      const choices = choose(changes);
      expect(toRule(choices)).toBe(rule);
      expect(toRule(fromRule(rule, base)!)).toBe(rule);
    }
    // The stored (normalized) form reads back too: "+1FR", "RRULE:" and any order.
    expect(fromRule("RRULE:FREQ=MONTHLY;BYDAY=+1FR", base)).toMatchObject({ frequency: "monthly", monthlyBy: "weekday", nth: 1, nthWeekday: "FR" });
    expect(fromRule("COUNT=4;FREQ=WEEKLY;BYDAY=MO,WE", base)).toMatchObject({ frequency: "weekly", weekdays: ["MO", "WE"], ends: "after", count: 4 });
    expect(fromRule("", base)).toMatchObject({ frequency: "never" });
  });

  it("leaves to RRULE text what it cannot show, and refuses what is not a rule", () => {
    expect(fromRule("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", base)).toBeNull();
    expect(fromRule("FREQ=MONTHLY;BYDAY=MO,FR", base)).toBeNull();
    expect(fromRule("FREQ=HOURLY", base)).toBeNull();
    expect(fromRule("every friday", base)).toBeNull();
  });

  it("says the rule in plain words, with the event's times in the site's zone", () => {
    const words = (changes: Partial<RepeatChoices>) => describeChoices(choose(changes), when);
    expect(words({ frequency: "monthly", monthlyBy: "weekday", nth: 1, nthWeekday: "FR" })).toBe("Every month on the first Friday, 18:00–21:00");
    expect(words({ frequency: "monthly", monthlyBy: "weekday", nth: -1, nthWeekday: "MO", interval: 2 })).toBe("Every 2 months on the last Monday, 18:00–21:00");
    expect(words({ frequency: "monthly", monthDay: 22 })).toBe("Every month on the 22nd, 18:00–21:00");
    expect(words({ frequency: "weekly", weekdays: ["TU", "TH"], ends: "on", until: "2027-06-30" })).toBe("Every week on Tuesday and Thursday, until June 30, 2027, 18:00–21:00");
    expect(words({ frequency: "daily", interval: 2, ends: "after", count: 3 })).toBe("Every 2 days, 3 times, 18:00–21:00");
    expect(describeChoices(choose({ frequency: "yearly" }), { start, timeZone: TORONTO })).toBe("Every year on November 6, 18:00");
    // An event's page says a stored rule without the times (it shows them itself); rrule's words for what the builder cannot show.
    expect(ruleInWords("FREQ=MONTHLY;BYDAY=+1FR", start, TORONTO)).toBe("Every month on the first Friday");
    expect(ruleInWords("FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=14", start, TORONTO)).toBe("Every March on the 14th");
  });

  it("builds rules the series can use: an end before the start gives no date", () => {
    expect(hasOccurrence(toRule(choose({ frequency: "monthly", monthlyBy: "weekday", nth: 1, nthWeekday: "FR" }))!, start, TORONTO)).toBe(true);
    expect(hasOccurrence(toRule(choose({ frequency: "weekly", ends: "on", until: "2026-11-01" }))!, start, TORONTO)).toBe(false);
  });
});
