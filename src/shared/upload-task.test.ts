import { describe, expect, it } from "vitest";
import { RESUMABLE_UPLOAD } from "./constants.ts";
import { UPLOAD_TASK_STATES, canCancel, canPause, canResume, isRetryableStatus, nextChunkSize, nextUploadTaskState, type UploadTaskState } from "./upload-task.ts";

describe("upload task states", () => {
  it("has exactly the spec's seven states", () => {
    expect([...UPLOAD_TASK_STATES]).toEqual(["running", "pausing", "paused", "canceling", "canceled", "success", "error"]);
  });

  it("pauses only from running", () => {
    for (const state of UPLOAD_TASK_STATES) {
      expect(canPause(state), state).toBe(state === "running");
      expect(nextUploadTaskState(state, "pause") !== null, state).toBe(state === "running");
    }
    expect(nextUploadTaskState("running", "pause")).toBe("pausing");
    expect(nextUploadTaskState("pausing", "paused")).toBe("paused");
  });

  it("resumes only from paused or pausing", () => {
    const allowed: UploadTaskState[] = ["paused", "pausing"];
    for (const state of UPLOAD_TASK_STATES) {
      expect(canResume(state), state).toBe(allowed.includes(state));
      expect(nextUploadTaskState(state, "resume"), state).toBe(allowed.includes(state) ? "running" : null);
    }
  });

  it("cancels only from running or pausing", () => {
    const allowed: UploadTaskState[] = ["running", "pausing"];
    for (const state of UPLOAD_TASK_STATES) {
      expect(canCancel(state), state).toBe(allowed.includes(state));
      expect(nextUploadTaskState(state, "cancel"), state).toBe(allowed.includes(state) ? "canceling" : null);
    }
    expect(nextUploadTaskState("canceling", "canceled")).toBe("canceled");
  });

  it("ends in success, error or canceled, and nothing leaves those", () => {
    expect(nextUploadTaskState("running", "succeeded")).toBe("success");
    expect(nextUploadTaskState("running", "failed")).toBe("error");
    for (const end of ["success", "error", "canceled"] as const) {
      for (const event of ["pause", "resume", "cancel", "paused", "canceled", "succeeded", "failed"] as const) {
        expect(nextUploadTaskState(end, event)).toBeNull();
      }
    }
  });
});

describe("chunks and retries", () => {
  it("doubles the chunk from 262144 bytes up to the 33554432-byte cap", () => {
    const sizes: number[] = [RESUMABLE_UPLOAD.initialChunkBytes];
    while (sizes.length < 12) sizes.push(nextChunkSize(sizes.at(-1)!, RESUMABLE_UPLOAD.maxChunkBytes));
    expect(sizes.slice(0, 3)).toEqual([262144, 524288, 1048576]);
    expect(sizes).toContain(33554432);
    expect(Math.max(...sizes)).toBe(33554432);
  });

  it("retries on 5xx, 408 and 429 only", () => {
    expect([500, 502, 503, 408, 429].map(isRetryableStatus)).toEqual([true, true, true, true, true]);
    expect([400, 401, 402, 403, 404, 409, 413].map(isRetryableStatus)).toEqual([false, false, false, false, false, false, false]);
  });
});
