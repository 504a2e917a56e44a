// Retries a storage call on transient failures until a deadline, then gives up with the spec's message.
import { isRetryableStatus } from "#shared/upload-task.ts";
import { messages } from "#shared/messages.ts";

export class RetryLimitExceeded extends Error {
  override name = "RetryLimitExceeded";
  constructor(cause: unknown) {
    super(messages.storage.retryLimitExceeded, { cause });
  }
}

export interface RetryOptions {
  /** Give up once this much time has passed since the first attempt. */
  deadlineMs: number;
  /** Whether a failure is worth another attempt. */
  isTransient: (error: unknown) => boolean;
  /** First pause between attempts; doubles each time, capped at 30 s. */
  initialDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function withRetry<T>(operation: () => Promise<T>, options: RetryOptions): Promise<T> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? wait;
  const started = now();
  let delay = options.initialDelayMs ?? 250;
  for (;;) {
    try {
      return await operation();
    } catch (error) {
      if (!options.isTransient(error)) throw error;
      const left = options.deadlineMs - (now() - started);
      if (left <= 0) throw new RetryLimitExceeded(error);
      // Jitter keeps many instances from retrying in lockstep.
      await sleep(Math.min(delay * (0.5 + Math.random() / 2), left));
      delay = Math.min(delay * 2, 30_000);
    }
  }
}

/** An HTTP status on an error from the AWS SDK (`$metadata`) or a fetch-like response. */
export function errorStatus(error: unknown): number | undefined {
  const e = error as { $metadata?: { httpStatusCode?: number }; status?: number; statusCode?: number } | null;
  return e?.$metadata?.httpStatusCode ?? e?.statusCode ?? e?.status;
}

/** 5xx, 408, 429, and failures that never got an answer (connection refused or reset). */
export function isTransientStorageError(error: unknown): boolean {
  const status = errorStatus(error);
  return status === undefined ? isNetworkError(error) : isRetryableStatus(status);
}

function isNetworkError(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code ?? (error as { cause?: { code?: string } } | null)?.cause?.code;
  return ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EAI_AGAIN", "UND_ERR_SOCKET", "ENOTFOUND"].includes(code ?? "") ||
    (error as Error | null)?.name === "TimeoutError";
}
