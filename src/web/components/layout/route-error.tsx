// What a route group shows when its page cannot be shown: inside the site's header and footer, a
// heading and one sentence, with the status the server answered (404, 403, 401) or a general failure.
import type { ReactNode } from "react";
import { isRouteErrorResponse } from "react-router";
import { messages } from "#shared/messages.ts";

const UNEXPECTED = "The page could not be shown. Please try again in a moment.";

export interface RouteErrorTexts {
  /** The sentence for a failure that is not a known status (the server's log has the error). */
  unexpected?: string;
  /** Otherwise a 404 says what the server sent with it, or the spec's not-found sentence. */
  notFound?: string;
  notAllowed?: string;
  signInRequired?: string;
}

function routeErrorText(error: unknown, texts: RouteErrorTexts = {}): { status: number; heading: string; detail: string } {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 404) {
    const sent = isRouteErrorResponse(error) && typeof error.data === "string" && error.data ? error.data : undefined;
    const detail = texts.notFound ?? sent ?? messages.notFound;
    return { status, heading: "Page not found", detail };
  }
  if (status === 403) return { status, heading: "Not allowed", detail: texts.notAllowed ?? "You do not have permission to view this page." };
  if (status === 401) return { status, heading: "Please log in", detail: texts.signInRequired ?? "Please log in to view this page." };
  return { status, heading: "Something went wrong", detail: texts.unexpected ?? UNEXPECTED };
}

export function RouteError({ error, texts, children }: { error: unknown; texts?: RouteErrorTexts; children?: ReactNode }) {
  const { heading, detail } = routeErrorText(error, texts);
  return (
    <section className="prose-page">
      <title>{heading}</title>
      <h1 className="page-heading">{heading}</h1>
      <p>{detail}</p>
      {children}
    </section>
  );
}
