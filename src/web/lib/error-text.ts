// Messages shown to a person (a field's error, a form's outcome) in the page's language. The messages come in
// English from the forms' schemas and, when the API could not tell the page's language, from the server; the
// translator finds each in the `errors` catalog and says it in the page's language (docs/decisions/0045). Its
// catalogs load the first time a page in another language than English has a message to show.
import { useCallback, useSyncExternalStore } from "react";
import { LANGUAGES, type Language } from "#shared/i18n/index.ts";
import { errorTranslator, loadedErrorTranslator, type ErrorTranslator } from "#shared/i18n/errors/error-text.ts";
import { useLanguages } from "./language.ts";

const asItIs: ErrorTranslator = (text) => text;

// The server renders a French page's messages (a form posted without JavaScript) in French from the first request on.
if (typeof window === "undefined") for (const language of LANGUAGES) void errorTranslator(language);

function useTranslator(language: Language): ErrorTranslator {
  const subscribe = useCallback(
    (changed: () => void) => {
      let current = true;
      void errorTranslator(language).then(() => current && changed());
      return () => {
        current = false;
      };
    },
    [language],
  );
  const snapshot = () => loadedErrorTranslator(language) ?? asItIs;
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** The page's translator of messages: the message in the page's language, or as it is when the catalog lacks it. */
export function useErrorText(): ErrorTranslator {
  return useTranslator(useLanguages().language);
}
