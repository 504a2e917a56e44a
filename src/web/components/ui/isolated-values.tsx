// A catalog sentence whose values (a price, an address, a link, a date) are each isolated from the sentence's
// direction: on a right-to-left page "Value: 10 $" keeps its digits and currency in their order, as an e-mail address
// or a link keeps its characters'. The catalogs keep plain `{{value}}` placeholders, so the same sentence can still be
// written as plain text (a page's description, a mail).
import type { TFunction } from "i18next";
import type { ReactNode } from "react";

// Stand-ins for the isolated values while the catalog's sentence is written: characters no translation contains.
const OPEN = "\u{F0000}";
const CLOSE = "\u{F0001}";
const STAND_IN = new RegExp(`${OPEN}(\\d+)${CLOSE}`, "u");

/**
 * `t(key, values)` with each value named in `isolated` in a `<bdi>` of its own: its direction is its own first strong
 * character's, else left to right (digits, currency signs, addresses), whatever the page's direction.
 */
export function isolatedValues(t: TFunction, key: string, values: Record<string, string | number>, isolated: readonly string[]): ReactNode[] {
  const standIns = Object.fromEntries(isolated.map((name, index) => [name, `${OPEN}${index}${CLOSE}`]));
  const text = t(key, { ...values, ...standIns });
  return text.split(STAND_IN).map((part, index) => {
    if (index % 2 === 0) return part;
    const value = String(values[isolated[Number(part)]!] ?? "");
    return (
      <bdi key={index} dir={/^[^\p{L}]*[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u.test(value) ? "rtl" : "ltr"}>
        {value}
      </bdi>
    );
  });
}
