/**
 * Turns for work done in steps on the requests' thread (decision 0072): the map's index read and built at a server's
 * start and after changes, the search's index read off the searches' path. A step waits while requests are in flight,
 * so that a request arriving meanwhile waits for at most the step under way. With a turn of the event loop alone
 * between steps, a step ran at each of the request's own awaits (each query's answer comes in a turn of its own), and
 * a view needing six queries waited for six steps.
 *
 * Under a steady load a step still runs once it has waited `MAX_WAIT_MS`, and work a request waits for takes its turns
 * at once (`StepTurns.awaited`).
 */
import type { ServerResponse } from "node:http";

/** The longest a step waits for the requests in flight: long enough for most views, short enough to go on under load. */
export const MAX_WAIT_MS = 50;

let inFlight = 0;
/** The steps waiting for the requests in flight to end. */
const waiting = new Set<() => void>();

/** Counts the request as in flight until its response ends or its connection closes. */
export function countInFlight(response: ServerResponse): void {
  inFlight++;
  response.once("close", () => {
    inFlight--;
    if (inFlight === 0) for (const go of [...waiting]) go();
  });
}

/** The requests in flight now. */
export const requestsInFlight = () => inFlight;

/** The turns of one piece of work done in steps. */
export class StepTurns {
  private urgent = false;
  private hurry: (() => void) | null = null;
  /** Work done in steps that this work waits for, hurried with it until `earlierDone`. */
  private earlier: StepTurns | null;

  constructor(earlier: StepTurns | null = null) {
    this.earlier = earlier;
  }

  /** Resolves when the next step may run: a turn of the event loop later, and once no request is in flight (or waited long enough). */
  readonly turn = (): Promise<void> =>
    new Promise((resolve) => {
      setImmediate(() => {
        if (this.urgent || inFlight === 0) return resolve();
        const go = () => {
          clearTimeout(timer);
          waiting.delete(go);
          this.hurry = null;
          resolve();
        };
        const timer = setTimeout(go, MAX_WAIT_MS);
        waiting.add(go);
        this.hurry = go;
      });
    });

  /** A request now waits for this work: its steps from now on take their turns at once, and those of the work it waits for. */
  awaited(): void {
    this.urgent = true;
    this.hurry?.();
    this.earlier?.awaited();
  }

  /** The work this work waited for is done: no longer held. */
  earlierDone(): void {
    this.earlier = null;
  }
}

/** One turn of work no request waits for. */
export const backgroundTurn = (): Promise<void> => new StepTurns().turn();
