// A worker thread's work that no request waits for (the search's index built off the path, decision 0066) runs at the
// lowest CPU priority the system gives, so that on a machine of few cores the thread answering requests and the
// database come first (decision 0072). Linux gives each thread its own priority, set by its id (found in
// /proc/thread-self); elsewhere the thread runs as it is.
import fs from "node:fs";
import os from "node:os";

/** This thread's id on Linux, or null elsewhere. */
export function threadId(): number | null {
  try {
    const id = Number(fs.readlinkSync("/proc/thread-self").split("/").pop());
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/** Puts the calling thread at the lowest priority; answers whether it could. */
export function lowestPriorityForThisThread(): boolean {
  const id = threadId();
  if (id === null) return false;
  try {
    os.setPriority(id, os.constants.priority.PRIORITY_LOW);
    return true;
  } catch {
    return false;
  }
}
