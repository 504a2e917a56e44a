import { describe, expect, it } from "vitest";
import { isTransientStorageError, withRetry } from "./retry.ts";

/** A clock the test moves: each sleep advances it instead of waiting. */
function fakeClock() {
  let now = 0;
  return { now: () => now, sleep: async (ms: number) => void (now += ms) };
}

const failing = (status: number) => Object.assign(new Error(`status ${status}`), { $metadata: { httpStatusCode: status } });

describe("storage retries", () => {
  it("retries 5xx, 408 and 429 until the call succeeds", async () => {
    const clock = fakeClock();
    const statuses = [503, 408, 429, 500];
    let calls = 0;
    const result = await withRetry(
      async () => {
        calls++;
        const status = statuses.shift();
        if (status) throw failing(status);
        return "done";
      },
      { deadlineMs: 120_000, isTransient: isTransientStorageError, ...clock },
    );
    expect(result).toBe("done");
    expect(calls).toBe(5);
  });

  it("gives up after the deadline with the spec's message", async () => {
    const clock = fakeClock();
    const error = await withRetry(() => Promise.reject(failing(503)), { deadlineMs: 120_000, isTransient: isTransientStorageError, ...clock }).catch((e: Error) => e);
    expect(error.message).toBe("Max retry time for operation exceeded, please try again.");
    expect(clock.now()).toBeGreaterThanOrEqual(120_000);
  });

  it("does not retry other client errors", async () => {
    let calls = 0;
    const error = await withRetry(
      () => {
        calls++;
        return Promise.reject(failing(403));
      },
      { deadlineMs: 120_000, isTransient: isTransientStorageError, ...fakeClock() },
    ).catch((e: Error) => e);
    expect(error.message).toBe("status 403");
    expect(calls).toBe(1);
  });

  it("treats a refused connection as transient", () => {
    expect(isTransientStorageError(Object.assign(new Error("connect"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(isTransientStorageError(new Error("bad input"))).toBe(false);
  });
});
