// Stand-ins for what a component test's forms reach over the network: the upload endpoint, through tus-js-client, and
// the API, through fetch. A test file puts this module in tus-js-client's place with
// `vi.mock("tus-js-client", () => import("<path>/tests/setup/upload-fakes.ts"))`, calls `readyUploads` before each
// test, and stubs fetch with `stubApi`; `vi.unstubAllGlobals()` after each test takes the stubs away.
import { vi } from "vitest";

/** The folder a stored upload is named under, by its kind. */
const FOLDERS: Record<string, string> = { logo: "logos", eventImage: "events", businessPhoto: "markers_photos", siteImage: "site_settings" };

/** What each upload asked for (the metadata tus sends), in the order they started. */
export const startedUploads: Array<Record<string, string>> = [];
/** The uploads held unanswered (`readyUploads({ hold: true })`), by file name: calling one answers it. */
export const waitingUploads = new Map<string, () => void>();
let holding = false;

/**
 * Readies a test: no upload started yet, each answered at once, or held in `waitingUploads` with `hold`. jsdom draws no
 * images and keeps no object URLs: every file counts as a picture it could draw.
 */
export function readyUploads({ hold = false } = {}): void {
  startedUploads.length = 0;
  waitingUploads.clear();
  holding = hold;
  vi.stubGlobal("createImageBitmap", async () => ({ close() {} }));
  vi.stubGlobal("URL", Object.assign(class extends URL {}, { createObjectURL: () => "blob:preview", revokeObjectURL: () => undefined }));
}

interface UploadOptions {
  metadata: Record<string, string>;
  onProgress?: (sent: number, total: number) => void;
  onSuccess?: (payload: unknown) => void;
}

/** tus-js-client's Upload, as the upload endpoint answers it: a stored file named after the one sent, in its kind's folder. */
export class Upload {
  private readonly file: File;
  private readonly options: UploadOptions;
  constructor(file: File, options: UploadOptions) {
    this.file = file;
    this.options = options;
  }
  start() {
    const { metadata } = this.options;
    startedUploads.push(metadata);
    const url = `/files/${FOLDERS[metadata.kind ?? ""] ?? metadata.kind}/${this.file.name.replace(/\.\w+$/, "")}_1_abc.webp`;
    const stored = { fullPath: url.slice("/files/".length), url, srcset: `${url} 800w`, size: this.file.size, contentType: "image/webp", width: 800, height: 400 };
    const answer = () => {
      waitingUploads.delete(this.file.name);
      this.options.onProgress?.(this.file.size, this.file.size);
      this.options.onSuccess?.({ lastResponse: { getBody: () => JSON.stringify(stored) } });
    };
    if (holding) waitingUploads.set(this.file.name, answer);
    else setTimeout(answer, 0);
  }
  abort() {
    waitingUploads.delete(this.file.name);
    return Promise.resolve();
  }
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/**
 * Stubs fetch with the API as a page uses it, by path below /api/v1: a request for one of `answers` gets its answer, any
 * other a 404. A PUT to `save` is kept in `sent` and refused with `refusal`'s field messages (the first as the message)
 * until `accept()`, or from the start when there is no refusal; a save let through becomes the path's answer.
 */
export function stubApi({ answers, save, refusal }: { answers: Record<string, unknown>; save: string; refusal?: Record<string, string> }) {
  const sent: Array<Record<string, unknown>> = [];
  const state = { refusal: refusal ?? null };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const pathname = new URL(input, "http://localhost").pathname;
      const path = pathname.startsWith("/api/v1/") ? pathname.slice("/api/v1".length) : "";
      if (path === save && init.method === "PUT") {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        sent.push(body);
        if (state.refusal) return json({ error: { message: Object.values(state.refusal)[0], fields: state.refusal } }, 400);
        answers[save] = body;
        return json(body);
      }
      return Object.hasOwn(answers, path) ? json(answers[path]) : new Response(null, { status: 404 });
    }),
  );
  return { sent, accept: () => void (state.refusal = null) };
}

/** What the API answers an owner's /mybusiness page, the owner's one business being `business`. */
export const ownerPageAnswers = (business: { id: string }): Record<string, unknown> => ({
  "/me": { email: "owner@example.com" },
  "/me/businesses": [{ ...business, events: [], offers: [] }],
  "/me/requests": [],
  "/categories": [{ id: "category-1", name: "Food" }],
  "/tags": [],
});
