// Calls to /api/v1: JSON in and out, errors as ApiError with the server's message. In the browser they go out with its
// `fetch`; a page's server loader passes `serverFetch(context)` instead, so the same load functions run on either side.
import { messages } from "#shared/messages.ts";

export class ApiError extends Error {
  readonly status: number;
  readonly fields: Record<string, string>;
  constructor(status: number, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.fields = fields;
  }

  /** The most specific text the server gave: a field's message when there is one. */
  get detail(): string {
    return Object.values(this.fields)[0] ?? this.message;
  }
}

/** How a request reaches the API: the browser's `fetch`, or the server's in-process one (app-context.ts `serverFetch`). */
export type Fetcher = (path: string, init?: RequestInit) => Promise<Response>;

export async function apiFetch<T>(path: string, init: { method?: string; json?: unknown } = {}, fetcher: Fetcher = fetch): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (init.json !== undefined) headers["Content-Type"] = "application/json";
  let response: Response;
  try {
    response = await fetcher(`/api/v1${path}`, {
      method: init.method ?? "GET",
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      credentials: "same-origin",
    });
  } catch {
    throw new ApiError(0, messages.network.unreachable);
  }
  if (response.status === 204) return undefined as T;
  const body = (await response.json().catch(() => null)) as { error?: { message?: string; fields?: Record<string, string> } } | null;
  if (!response.ok) throw new ApiError(response.status, body?.error?.message ?? `Request failed (${response.status}).`, body?.error?.fields);
  return body as T;
}
