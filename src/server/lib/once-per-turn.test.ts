import { describe, expect, it } from "vitest";
import { oncePerTurn } from "./once-per-turn.ts";

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("oncePerTurn", () => {
  it("reads once for the callers of one turn, and again in the next turn", async () => {
    let reads = 0;
    const version = oncePerTurn(() => ++reads);
    expect([version(), version(), version()]).toEqual([1, 1, 1]);
    await nextTurn();
    expect([version(), version()]).toEqual([2, 2]);
    expect(reads).toBe(2);
  });

  it("shares a promise as it shares a value", async () => {
    let reads = 0;
    const version = oncePerTurn(async () => ++reads);
    const [first, second] = [version(), version()];
    expect(first).toBe(second);
    expect(await first).toBe(1);
    await nextTurn();
    expect(await version()).toBe(2);
  });

  it("does not keep a read that failed: the next caller of the same turn reads again", () => {
    let reads = 0;
    const version = oncePerTurn(() => {
      reads++;
      if (reads === 1) throw new Error("database busy");
      return 7;
    });
    expect(() => version()).toThrow("database busy");
    expect(version()).toBe(7);
    expect(version()).toBe(7);
    expect(reads).toBe(2);
  });
});
