// The owners' screens' texts (`owners` catalog) and their instants in the page's language, on the site's clocks.
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime, zoneAbbreviation } from "#shared/i18n/format.ts";
import { useSiteTimeZone } from "#web/lib/site.ts";
import { langOf } from "#web/lib/public-text.ts";

export function useOwnerText() {
  const { t, i18n } = useTranslation("owners");
  const lang = langOf(i18n.language);
  const timeZone = useSiteTimeZone();
  /** "4 Jul 2031, 7:30 PM EDT" / "4 juill. 2031, 19 h 30 HAE"; an all-day event by its date alone. */
  const when = useCallback(
    (iso: string, allDay = false) => {
      const date = new Date(iso);
      if (Number.isNaN(date.getTime())) return iso;
      // Québec writes "4 h 49", where Intl's medium style gives "04 h 49".
      const text = formatDateTime(date, lang, timeZone, allDay).replace(/\b0(\d) h\b/, "$1 h");
      return allDay ? text : `${text} ${zoneAbbreviation(date, lang, timeZone)}`;
    },
    [lang, timeZone],
  );
  return { t, lang, when };
}
