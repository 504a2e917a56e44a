/**
 * `read`, asked at most once per turn of the event loop: the callers of one turn share its answer (a value, or the
 * promise of one). For reads that must be no older than the request asking (the content version): one made in
 * this turn was made after every request being handled in it arrived, and after every write whose end was seen in a
 * turn before. A read that throws is not kept.
 */
export function oncePerTurn<T>(read: () => T): () => T {
  let asked = false;
  let answer: T;
  return () => {
    if (!asked) {
      answer = read();
      asked = true;
      setImmediate(() => {
        asked = false;
        answer = undefined as T;
      });
    }
    return answer;
  };
}
