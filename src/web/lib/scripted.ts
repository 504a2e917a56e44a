// Whether this part of the page runs in the browser: false on the server and while it hydrates, then true. Without an
// effect, so the first render after hydration already has it (React's external store, which never changes).
import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => undefined;

export function useScripted(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
