// What a route group shows when its page cannot be shown: inside the site's header and footer, a
// heading and one sentence, with the status the server answered (404, 403, 401) or a general failure.
import type { ReactNode } from "react";
import { isRouteErrorResponse } from "react-router";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";

export interface RouteErrorTexts {
  /** The sentence for a failure that is not a known status (the server's log has the error). */
  unexpected?: string;
  /** Otherwise a 404 says what the server sent with it, or the spec's not-found sentence. */
  notFound?: string;
  notAllowed?: string;
  signInRequired?: string;
}

function routeErrorText(t: TFunction, english: boolean, error: unknown, texts: RouteErrorTexts = {}): { status: number; heading: string; detail: string } {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 404) {
    // What the server sent is in English: in another language the catalog's sentence stands instead.
    const sent = english && isRouteErrorResponse(error) && typeof error.data === "string" && error.data ? error.data : undefined;
    const detail = texts.notFound ?? sent ?? t("errors.notFound");
    return { status, heading: t("errors.notFoundHeading"), detail };
  }
  if (status === 403) return { status, heading: t("errors.notAllowedHeading"), detail: texts.notAllowed ?? t("errors.notAllowed") };
  if (status === 401) return { status, heading: t("errors.signInHeading"), detail: texts.signInRequired ?? t("errors.signIn") };
  return { status, heading: t("errors.unexpectedHeading"), detail: texts.unexpected ?? t("errors.unexpected") };
}

export function RouteError({ error, texts, children }: { error: unknown; texts?: RouteErrorTexts; children?: ReactNode }) {
  const { t, i18n } = useTranslation("common");
  const { heading, detail } = routeErrorText(t, i18n.language === "en", error, texts);
  return (
    <section className="prose-page">
      <title>{heading}</title>
      <h1 className="page-heading">{heading}</h1>
      <p>{detail}</p>
      {children}
    </section>
  );
}
