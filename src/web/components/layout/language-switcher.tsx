// The header's choice of language: a link per language the site offers, each to the same page in that language and
// named in that language (`lang`), for someone who reads only it. A whole page load: every text of the page changes.
import { useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { isLocalizedPath, LANGUAGE_COOKIE, LANGUAGE_NAMES, localizedPath, unprefixed, type Language } from "#shared/i18n/index.ts";
import { useLanguages } from "#web/lib/language.ts";

/** A year: the choice is remembered, and the first visit's offer of the browser's language is not made again. */
const REMEMBERED_SECONDS = 365 * 24 * 60 * 60;

function remember(language: Language) {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${REMEMBERED_SECONDS}; samesite=lax`;
}

export function LanguageSwitcher() {
  const { t } = useTranslation("common");
  const { language: current, languages } = useLanguages();
  const { pathname, search, hash } = useLocation();
  // Only the public pages have an address per language; the others follow the account's choice (My Account).
  if (languages.length < 2 || !isLocalizedPath(unprefixed(pathname))) return null;
  return (
    <nav aria-label={t("language.switcher")} className="shrink-0 text-sm">
      <ul className="flex items-center gap-2">
        {languages.map((language) => (
          <li key={language}>
            <a
              href={localizedPath(`${pathname}${search}${hash}`, language)}
              lang={language}
              hrefLang={language}
              aria-current={language === current ? "page" : undefined}
              onClick={() => remember(language)}
              className="rounded px-1 py-0.5 text-brand-700 underline aria-[current=page]:font-semibold aria-[current=page]:no-underline"
            >
              {LANGUAGE_NAMES[language]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
