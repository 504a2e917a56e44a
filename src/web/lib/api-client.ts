// The browser's calls to /api/v1 (the admin dashboard and the add-marker page): JSON in and out, errors as ApiError with the server's message.
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

export async function apiFetch<T>(path: string, init: { method?: string; json?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (init.json !== undefined) headers["Content-Type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(`/api/v1${path}`, {
      method: init.method ?? "GET",
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      credentials: "same-origin",
    });
  } catch {
    throw new ApiError(0, "The server could not be reached. Check your connection and try again.");
  }
  if (response.status === 204) return undefined as T;
  const body = (await response.json().catch(() => null)) as { error?: { message?: string; fields?: Record<string, string> } } | null;
  if (!response.ok) throw new ApiError(response.status, body?.error?.message ?? `Request failed (${response.status}).`, body?.error?.fields);
  return body as T;
}
