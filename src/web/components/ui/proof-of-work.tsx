// A form's proof of work (sign-up, and any form open to anonymous visitors): ALTCHA's widget, invisible, fetches a challenge from the API and solves it in
// workers as soon as it is mounted, so a person never waits on it; a form sent sooner waits for that solution.
// The widget solves one challenge at a time (a second `verify` aborts the first, which then answers nothing), so the
// hook alone starts its solving, and a sending takes the solution under way rather than asking for another.
// The widget stays outside the form: the form sends the solution with its fields itself (useAccountForm), and the
// widget's own checkbox must take no part in the browser's checks of the form.
import type {} from "altcha/types/react";
import type { WidgetMethods } from "altcha/types";
import { useEffect, useRef } from "react";
import { SIGN_UP_CHALLENGE_FIELD } from "#shared/constants.ts";

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

/** The widget's solving: its payload, or null when it failed (the challenge could not be fetched, the solving was aborted). */
function solving(element: Widget): Promise<string | null> {
  return element.verify().then(
    (result) => result?.payload ?? null,
    () => null,
  );
}

/** The widget to render near the form, and `take`, which answers a solution for one sending (null when none came). */
export function useProofOfWork() {
  const ref = useRef<Widget>(null);
  /** The solution for the next sending: under way, or found. */
  const solution = useRef<Promise<string | null> | null>(null);

  useEffect(() => {
    // A web component defined in the browser only: the server renders the bare tag.
    void import("altcha");
    const element = ref.current;
    if (!element) return;
    let connected = true;
    void customElements
      .whenDefined("altcha-widget")
      .then(() => mounted(element))
      .then(() => {
        if (connected && !solution.current) solution.current = solving(element);
      });
    // A solution whose challenge has expired is refused: the next sending solves a new one.
    const onExpired = () => {
      solution.current = null;
    };
    element.addEventListener("expired", onExpired);
    return () => {
      connected = false;
      element.removeEventListener("expired", onExpired);
    };
  }, []);

  async function take(): Promise<string | null> {
    await customElements.whenDefined("altcha-widget");
    const element = ref.current;
    if (!element) return null;
    await mounted(element);
    // One prepared but failed (the challenge could not be fetched then) is tried again now.
    const prepared = solution.current;
    const taken = prepared ? prepared.then((payload) => payload ?? solving(element)) : solving(element);
    // A solution is good for one sending: the next one's is solved once this one is found.
    solution.current = taken.then(() => (element.isConnected ? solving(element) : null));
    return taken;
  }

  const widget = <altcha-widget ref={ref} challenge={CHALLENGE_PATH} display="invisible" name={SIGN_UP_CHALLENGE_FIELD} />;
  return { widget, take };
}
