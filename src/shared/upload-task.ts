// The upload task's states and the moves between them (spec section 9), shared by the browser component and its tests.

export const UPLOAD_TASK_STATES = ["running", "pausing", "paused", "canceling", "canceled", "success", "error"] as const;
export type UploadTaskState = (typeof UPLOAD_TASK_STATES)[number];

/** What can happen to a task: the user's three commands, and what the transfer reports back. */
export type UploadTaskEvent = "pause" | "resume" | "cancel" | "paused" | "canceled" | "succeeded" | "failed";

const TRANSITIONS: Record<UploadTaskState, Partial<Record<UploadTaskEvent, UploadTaskState>>> = {
  running: { pause: "pausing", cancel: "canceling", succeeded: "success", failed: "error" },
  // The request being stopped may still finish or fail before it stops.
  pausing: { paused: "paused", resume: "running", cancel: "canceling", succeeded: "success", failed: "error" },
  paused: { resume: "running" },
  canceling: { canceled: "canceled" },
  canceled: {},
  success: {},
  error: {},
};

export const canPause = (state: UploadTaskState) => state === "running";
export const canResume = (state: UploadTaskState) => state === "paused" || state === "pausing";
export const canCancel = (state: UploadTaskState) => state === "running" || state === "pausing";
export const isFinished = (state: UploadTaskState) => state === "canceled" || state === "success" || state === "error";

/** The next state, or null when the event is not allowed in this state. */
export function nextUploadTaskState(state: UploadTaskState, event: UploadTaskEvent): UploadTaskState | null {
  return TRANSITIONS[state][event] ?? null;
}

/** Size of each next chunk: starts at the initial size and doubles up to the cap. */
export function nextChunkSize(current: number, max: number): number {
  return Math.min(current * 2, max);
}

/** Storage calls are retried on server errors, timeouts and rate limits only. */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}
