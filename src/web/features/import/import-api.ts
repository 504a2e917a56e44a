// The import screen's calls to /api/v1/imports.
import type { ImportMapping, ImportPreview } from "#shared/schemas/data-import.ts";
import { ApiError, apiFetch } from "#web/lib/api-client.ts";
import { messages } from "#shared/messages.ts";

export type RecentImport = Omit<ImportPreview, "rows" | "missingCategories" | "missingTags" | "summary" | "geocoding" | "keptOnUndo">;
export interface ImportSettings {
  delimiter?: "auto" | "comma" | "semicolon" | "tab";
  encoding?: "auto" | "utf-8" | "windows-1252" | "macintosh";
  createMissing?: boolean;
  mapping?: ImportMapping;
}

/** Sends the file as a form; the answer is the preview. */
export async function uploadImport(file: File, settings: ImportSettings): Promise<ImportPreview> {
  const form = new FormData();
  form.set("file", file);
  if (settings.delimiter) form.set("delimiter", settings.delimiter);
  if (settings.encoding) form.set("encoding", settings.encoding);
  form.set("createMissing", String(!!settings.createMissing));
  let response: Response;
  try {
    response = await fetch("/api/v1/imports", { method: "POST", body: form, credentials: "same-origin", headers: { Accept: "application/json" } });
  } catch {
    throw new ApiError(0, messages.network.unreachable);
  }
  const body = (await response.json().catch(() => null)) as (ImportPreview & { error?: { message?: string; fields?: Record<string, string> } }) | null;
  if (!response.ok) throw new ApiError(response.status, body?.error?.message ?? `Upload failed (${response.status}).`, body?.error?.fields);
  return body!;
}

export const importFromUrl = (url: string) => apiFetch<ImportPreview>("/imports/from-url", { method: "POST", json: { url } });
export const getImport = (id: string) => apiFetch<ImportPreview>(`/imports/${encodeURIComponent(id)}`);
export const getGeocoding = (id: string) => apiFetch<ImportPreview["geocoding"]>(`/imports/${encodeURIComponent(id)}/geocoding`);
export const listImports = () => apiFetch<RecentImport[]>("/imports");
export const updateImport = (id: string, settings: ImportSettings) => apiFetch<ImportPreview>(`/imports/${encodeURIComponent(id)}`, { method: "PUT", json: settings });
export const updateImportRow = (id: string, line: number, cells: Record<string, string>) =>
  apiFetch<ImportPreview>(`/imports/${encodeURIComponent(id)}/rows/${line}`, { method: "PUT", json: { cells } });
export const applyImport = (id: string) => apiFetch<ImportPreview>(`/imports/${encodeURIComponent(id)}/apply`, { method: "POST" });
export const undoImport = (id: string) => apiFetch<ImportPreview>(`/imports/${encodeURIComponent(id)}/undo`, { method: "POST" });
