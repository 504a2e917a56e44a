import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { listen } from "#server/http/listen.ts";
import { MAX_WAIT_MS, requestsInFlight, StepTurns } from "./requests-first.ts";

// A server whose answers wait until the test lets them go: requests in flight for as long as the test wants.
let server: Server;
let base: string;
const held: Array<() => void> = [];

beforeEach(async () => {
  // Only the steps' longest wait is faked: the turns of the event loop and the sockets are real.
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  await new Promise<void>((ready) => {
    server = listen(
      {
        fetch: () => new Promise<Response>((answer) => held.push(() => answer(new Response("done")))),
        serveKept: () => false,
      },
      { port: 0, hostname: "127.0.0.1" },
      (info: AddressInfo) => {
        base = `http://127.0.0.1:${info.port}`;
        ready();
      },
    );
  });
});

afterEach(async () => {
  vi.useRealTimers();
  while (held.length > 0) held.shift()!();
  await new Promise((closed) => {
    server.close(closed);
    server.closeAllConnections();
  });
});

/** Resolves once `check` holds, looking a turn of the event loop at a time (real sockets, fake timeouts). */
async function until(check: () => boolean): Promise<void> {
  for (let turns = 0; !check(); turns++) {
    if (turns > 10_000) throw new Error("never came");
    await new Promise((turn) => setImmediate(turn));
  }
}

/** Whether the promise has settled after a number of turns of the event loop. */
async function settledAfterTurns(promise: Promise<unknown>, turns = 20): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  for (let i = 0; i < turns; i++) await new Promise((turn) => setImmediate(turn));
  return settled;
}

describe("steps after the requests in flight", () => {
  it("takes a step's turn at once while no request is in flight", async () => {
    expect(requestsInFlight()).toBe(0);
    expect(await settledAfterTurns(new StepTurns().turn(), 3)).toBe(true);
  });

  it("holds a step while a request is in flight, and lets it go when the answer is sent", async () => {
    const answered = fetch(`${base}/slow`).then((response) => response.text());
    await until(() => held.length === 1);
    expect(requestsInFlight()).toBe(1);
    const step = new StepTurns().turn();
    expect(await settledAfterTurns(step)).toBe(false);
    held.shift()!();
    expect(await answered).toBe("done");
    await step;
    expect(requestsInFlight()).toBe(0);
  });

  it("counts a request whose client went away as ended", async () => {
    const client = new AbortController();
    const asked = fetch(`${base}/gone`, { signal: client.signal }).catch((error: unknown) => error);
    await until(() => held.length === 1);
    const step = new StepTurns().turn();
    expect(await settledAfterTurns(step)).toBe(false);
    client.abort();
    expect(await asked).toBeInstanceOf(Error);
    await step;
    expect(requestsInFlight()).toBe(0);
  });

  it("takes its turn under a steady load once it has waited the longest wait", async () => {
    void fetch(`${base}/steady`).catch(() => undefined);
    await until(() => held.length === 1);
    const step = new StepTurns().turn();
    expect(await settledAfterTurns(step)).toBe(false);
    vi.advanceTimersByTime(MAX_WAIT_MS - 1);
    expect(await settledAfterTurns(step)).toBe(false);
    vi.advanceTimersByTime(1);
    await step;
    expect(requestsInFlight()).toBe(1);
  });

  it("lets work a request waits for take its turns at once, the one waiting and the next", async () => {
    void fetch(`${base}/waiting`).catch(() => undefined);
    await until(() => held.length === 1);
    const turns = new StepTurns();
    const other = new StepTurns();
    const step = turns.turn();
    const otherStep = other.turn();
    expect(await settledAfterTurns(step)).toBe(false);
    turns.awaited();
    await step;
    expect(await settledAfterTurns(turns.turn(), 3)).toBe(true);
    // Another piece of work still waits for the request.
    expect(await settledAfterTurns(otherStep)).toBe(false);
    expect(requestsInFlight()).toBe(1);
  });

  it("hurries the work a piece of work waits for when a request waits for it, until that work is done", async () => {
    void fetch(`${base}/chained`).catch(() => undefined);
    await until(() => held.length === 1);
    const first = new StepTurns();
    const second = new StepTurns(first);
    const firstStep = first.turn();
    expect(await settledAfterTurns(firstStep)).toBe(false);
    second.awaited();
    await firstStep;
    // Once the work waited for is done, hurrying the work after it leaves that one be.
    const unrelated = new StepTurns();
    const fourth = new StepTurns(unrelated);
    fourth.earlierDone();
    fourth.awaited();
    expect(await settledAfterTurns(unrelated.turn())).toBe(false);
    expect(await settledAfterTurns(fourth.turn(), 3)).toBe(true);
  });
});
