// @vitest-environment jsdom
// The door's queue of check-ins the server has not confirmed: kept across reloads, each registration once, sent in order.
import { afterEach, describe, expect, it } from "vitest";
import { enqueue, flushQueue, queueKey, readQueue, type PendingCheckIn, type SendOutcome } from "./check-in-queue.ts";

const key = queueKey("event-1", "2026-12-01");

afterEach(() => localStorage.clear());

describe("check-in queue", () => {
  it("keeps a registration's first check-in only, and keeps each date's queue apart", () => {
    enqueue(key, { registrationId: "a", at: "2026-12-01T18:00:00.000Z" });
    enqueue(key, { registrationId: "a", at: "2026-12-01T18:05:00.000Z", code: "later" });
    enqueue(queueKey("event-1", null), { registrationId: "b", at: "2026-12-01T18:01:00.000Z" });
    expect(readQueue(key)).toEqual([{ registrationId: "a", at: "2026-12-01T18:00:00.000Z" }]);
    expect(readQueue(queueKey("event-1", null)).map((entry) => entry.registrationId)).toEqual(["b"]);
  });

  it("sends oldest first, drops what the server answered and keeps the rest when the connection drops again", async () => {
    for (const id of ["a", "b", "c"]) enqueue(key, { registrationId: id, at: "2026-12-01T18:00:00.000Z" });
    const answers: Record<string, SendOutcome> = { a: { kind: "sent", checkedInAt: "2026-12-01T18:00:00.000Z" }, b: { kind: "retry" } };
    const seen: Array<[string, SendOutcome["kind"]]> = [];
    const left = await flushQueue(
      key,
      (entry: PendingCheckIn) => Promise.resolve(answers[entry.registrationId] ?? { kind: "refused", message: "no" }),
      (entry, outcome) => seen.push([entry.registrationId, outcome.kind]),
    );
    expect(seen).toEqual([["a", "sent"]]);
    expect(left.map((entry) => entry.registrationId)).toEqual(["b", "c"]);
    expect(readQueue(key).map((entry) => entry.registrationId)).toEqual(["b", "c"]);
  });

  it("drops a check-in the server refused for good, saying so", async () => {
    enqueue(key, { registrationId: "a", at: "2026-12-01T18:00:00.000Z" });
    const seen: SendOutcome[] = [];
    await flushQueue(key, () => Promise.resolve({ kind: "refused", message: "This registration was cancelled." }), (_entry, outcome) => seen.push(outcome));
    expect(seen).toEqual([{ kind: "refused", message: "This registration was cancelled." }]);
    expect(readQueue(key)).toEqual([]);
  });

  it("reads a damaged queue as empty", () => {
    localStorage.setItem(key, "{not json");
    expect(readQueue(key)).toEqual([]);
    localStorage.setItem(key, JSON.stringify([{ registrationId: 1 }, { registrationId: "a", at: "x" }]));
    expect(readQueue(key)).toEqual([{ registrationId: "a", at: "x" }]);
  });
});
