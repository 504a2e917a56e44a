/**
 * `read`, asked at most once per turn of the event loop: the callers of one turn share its answer. For reads that
 * must be no older than the request asking (the content version): one started in this turn started after every
 * request being handled in it arrived, and after every write whose end was seen in a turn before.
 */
export function oncePerTurn<T>(read: () => Promise<T>): () => Promise<T> {
  let thisTurn: Promise<T> | null = null;
  return () => {
    if (!thisTurn) {
      thisTurn = read();
      setImmediate(() => (thisTurn = null));
    }
    return thisTurn;
  };
}
