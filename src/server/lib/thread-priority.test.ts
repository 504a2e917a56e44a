import os from "node:os";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { threadId } from "./thread-priority.ts";

const onLinux = process.platform === "linux";

describe.runIf(onLinux)("a thread's priority", () => {
  it("is the lowest for the thread that asks, and only for it", async () => {
    const url = new URL("./thread-priority.ts", import.meta.url).href;
    // A worker thread lowers its own priority and says its id.
    const worker = new Worker(
      `import("${url}").then(({ lowestPriorityForThisThread, threadId }) => {
        const lowered = lowestPriorityForThisThread();
        const { parentPort } = require("node:worker_threads");
        // Kept until the test has read its priority.
        parentPort.once("message", () => parentPort.close());
        parentPort.postMessage({ lowered, id: threadId() });
      });`,
      { eval: true },
    );
    const { lowered, id } = await new Promise<{ lowered: boolean; id: number }>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
    });
    const ours = threadId()!;
    expect(lowered).toBe(true);
    expect(id).not.toBe(ours);
    // Read while the thread is still there (it ends once its work is done).
    expect(os.getPriority(id)).toBe(os.constants.priority.PRIORITY_LOW);
    expect(os.getPriority(ours)).toBe(os.getPriority(process.pid));
    worker.postMessage("done");
    expect(await new Promise((ended) => worker.once("exit", ended))).toBe(0);
  });
});
