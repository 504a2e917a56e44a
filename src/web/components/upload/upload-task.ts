// One file going up over tus: the spec's task states, progress, chunks that double, retries within the deadline.
import type { DetailedError, Upload } from "tus-js-client";
import { RESUMABLE_UPLOAD, STORAGE_RETRY } from "#shared/constants.ts";
import { messages } from "#shared/messages.ts";
import type { UploadKind } from "#shared/upload-kinds.ts";
import {
  canCancel,
  canPause,
  canResume,
  isRetryableStatus,
  nextChunkSize,
  nextUploadTaskState,
  type UploadTaskEvent,
  type UploadTaskState,
} from "#shared/upload-task.ts";

export const UPLOAD_ENDPOINT = "/api/v1/uploads";

/** What the server answers once the file is stored (FileService's StoredImage). */
export interface StoredUpload {
  fullPath: string;
  url: string;
  srcset: string;
  size: number;
  contentType: string;
  width: number;
  height: number;
  /** The chosen file's own name (the server keeps it too, for a document's download). */
  name?: string;
}

export interface UploadSnapshot {
  state: UploadTaskState;
  bytesTransferred: number;
  totalBytes: number;
  /** The reason, for error and canceled. */
  error?: string;
  result?: StoredUpload;
}

export interface UploadTaskOptions {
  kind: UploadKind;
  /** Extra fields for the server: the business or event name, the post id. */
  metadata?: Record<string, string>;
  onChange: (snapshot: UploadSnapshot) => void;
}

/** Backoff between attempts; the deadline below, not the list's length, decides when to stop. */
const RETRY_DELAYS = [0, 1000, 2000, 4000, 8000, 16000, ...Array.from({ length: 40 }, () => 30_000)];

function serverMessage(error: Error | DetailedError): string {
  const response = (error as DetailedError).originalResponse;
  const body = response?.getBody();
  if (body) {
    try {
      const parsed = JSON.parse(body) as { error?: { message?: string } };
      if (parsed.error?.message) return parsed.error.message;
    } catch {
      return body.trim() || error.message;
    }
  }
  return response ? `The server answered ${response.getStatus()}.` : error.message;
}

export class UploadTask {
  private readonly file: File;
  private readonly options: UploadTaskOptions;
  private upload: Upload | undefined;
  private snapshot: UploadSnapshot;
  /** When the current run of failed attempts began; reset by any progress. */
  private retryingSince: number | undefined;
  private deadlineExceeded = false;
  private stopping: Promise<void> = Promise.resolve();

  constructor(file: File, options: UploadTaskOptions) {
    this.file = file;
    this.options = options;
    this.snapshot = { state: "running", bytesTransferred: 0, totalBytes: file.size };
  }

  get state(): UploadTaskState {
    return this.snapshot.state;
  }

  private update(patch: Partial<UploadSnapshot>, event?: UploadTaskEvent): void {
    if (event) {
      const next = nextUploadTaskState(this.snapshot.state, event);
      if (!next) return;
      patch = { ...patch, state: next };
    }
    this.snapshot = { ...this.snapshot, ...patch };
    this.options.onChange(this.snapshot);
  }

  async start(): Promise<void> {
    // Loaded on first use: pages without an upload never download the tus client.
    const { Upload } = await import("tus-js-client");
    const resumable = this.file.size > RESUMABLE_UPLOAD.thresholdBytes;
    const upload: Upload = new Upload(this.file, {
      endpoint: UPLOAD_ENDPOINT,
      metadata: { kind: this.options.kind, filename: this.file.name, filetype: this.file.type, ...this.options.metadata },
      chunkSize: resumable ? RESUMABLE_UPLOAD.initialChunkBytes : Number.POSITIVE_INFINITY,
      retryDelays: RETRY_DELAYS,
      storeFingerprintForResuming: false,
      removeFingerprintOnSuccess: true,
      onShouldRetry: (error) => {
        const status = error.originalResponse?.getStatus();
        if (status !== undefined && status !== 0 && !isRetryableStatus(status)) return false;
        this.retryingSince ??= Date.now();
        if (Date.now() - this.retryingSince > STORAGE_RETRY.uploadMs) {
          this.deadlineExceeded = true;
          return false;
        }
        return true;
      },
      onProgress: (sent, total) => {
        this.retryingSince = undefined;
        this.update({ bytesTransferred: sent, totalBytes: total });
      },
      onChunkComplete: () => {
        // The library reads the option before each chunk, so growing it makes each next chunk larger.
        if (resumable) upload.options.chunkSize = nextChunkSize(upload.options.chunkSize ?? RESUMABLE_UPLOAD.initialChunkBytes, RESUMABLE_UPLOAD.maxChunkBytes);
      },
      onSuccess: ({ lastResponse }) => {
        let result: StoredUpload | undefined;
        try {
          result = JSON.parse(lastResponse.getBody()) as StoredUpload;
        } catch {
          result = undefined;
        }
        if (!result?.url) {
          this.update({ error: messages.storage.noDownloadUrl }, "failed");
          return;
        }
        this.update({ bytesTransferred: this.file.size, result }, "succeeded");
      },
      onError: (error) => {
        if (this.snapshot.state === "canceling" || this.snapshot.state === "canceled") return;
        const message = this.deadlineExceeded ? messages.storage.retryLimitExceeded : serverMessage(error);
        this.update({ error: message }, "failed");
      },
    });
    this.upload = upload;
    this.options.onChange(this.snapshot);
    upload.start();
  }

  pause(): void {
    if (!canPause(this.snapshot.state) || !this.upload) return;
    this.update({}, "pause");
    this.stopping = this.upload.abort(false).then(
      () => this.update({}, "paused"),
      () => this.update({}, "paused"),
    );
  }

  resume(): void {
    if (!canResume(this.snapshot.state) || !this.upload) return;
    const upload = this.upload;
    this.update({}, "resume");
    this.retryingSince = undefined;
    // From pausing, the stopped request must finish stopping before the upload continues where the server says it is.
    void this.stopping.then(() => {
      if (this.snapshot.state === "running") upload.start();
    });
  }

  cancel(): void {
    if (!canCancel(this.snapshot.state) || !this.upload) return;
    this.update({ error: messages.storage.canceled }, "cancel");
    // Terminating also deletes what the server already has.
    void this.upload.abort(true).then(
      () => this.update({}, "canceled"),
      () => this.update({}, "canceled"),
    );
  }
}
