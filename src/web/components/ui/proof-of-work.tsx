// A form's proof of work (sign-up, and any form open to anonymous visitors): ALTCHA's widget, invisible, fetches a challenge from the API and solves it in
// workers as soon as the page has loaded, so a person never waits on it; a form sent sooner waits for the solution.
// The widget stays outside the form: the form sends the solution with its fields itself (useAccountForm), and the
// widget's own checkbox must take no part in the browser's checks of the form.
import type {} from "altcha/types/react";
import type { WidgetMethods } from "altcha/types";
import { useEffect, useRef } from "react";
import { SIGN_UP_CHALLENGE_FIELD } from "#shared/schemas/account.ts";

const CHALLENGE_PATH = "/api/v1/challenge";

type Widget = HTMLElement & WidgetMethods;

/**
 * Settles once the widget's component is mounted: the element, once defined, mounts its component a moment after it
 * is connected (a Svelte custom element), and its methods (`verify`, `reset`) come with it; it then says "load". A form
 * sent in that moment waited for the definition only, and told "verify is not a function".
 */
function mounted(element: Widget): Promise<void> {
  if (typeof element.verify === "function") return Promise.resolve();
  return new Promise((resolve) => element.addEventListener("load", () => resolve(), { once: true }));
}

/** The widget to render near the form, and `take`, which answers a solution for one sending (null when none came). */
export function useProofOfWork() {
  const ref = useRef<Widget>(null);
  const solved = useRef<string | null>(null);

  useEffect(() => {
    // A web component defined in the browser only: the server renders the bare tag.
    void import("altcha");
    const element = ref.current;
    const onChange = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload: string | null }>).detail;
      solved.current = state === "verified" ? payload : null;
    };
    element?.addEventListener("statechange", onChange);
    return () => element?.removeEventListener("statechange", onChange);
  }, []);

  async function take(): Promise<string | null> {
    await customElements.whenDefined("altcha-widget");
    const element = ref.current;
    if (!element) return null;
    await mounted(element);
    const payload = solved.current ?? (await element.verify())?.payload ?? null;
    // A solution is good for one sign-up: the next try's is solved while this one is sent.
    solved.current = null;
    element.reset();
    void element.verify();
    return payload;
  }

  const widget = <altcha-widget ref={ref} challenge={CHALLENGE_PATH} auto="onload" display="invisible" name={SIGN_UP_CHALLENGE_FIELD} />;
  return { widget, take };
}
