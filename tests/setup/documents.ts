// Library documents in integration tests: a file uploaded as a browser sends it, then a document made of it.
import { expect } from "vitest";
import { PDF } from "../fixtures/documents.ts";
import type { TestApp } from "./app.ts";
import { sendUpload } from "./uploads.ts";

/** Uploads a library file as the administrator; the stored path. */
export async function uploadDocumentFile(t: TestApp, cookie: string, bytes: Uint8Array = PDF, filename = "report.pdf"): Promise<string> {
  const sent = await sendUpload(t, cookie, bytes, { kind: "document", filename });
  expect(sent.status).toBe(200);
  return ((await sent.json()) as { fullPath: string }).fullPath;
}

/** Adds a document from a fresh upload; its id. */
export async function createDocument(
  t: TestApp,
  adminCookie: string,
  fields: { title: string; visibility: "members" | "public"; summary?: string; tags?: string[]; date?: string; attachedTo?: { kind: string; id: string } | null },
  file: { bytes?: Uint8Array; filename?: string } = {},
): Promise<string> {
  const filePath = await uploadDocumentFile(t, adminCookie, file.bytes, file.filename);
  const response = await t.request("/api/v1/documents", { method: "POST", cookie: adminCookie, json: { date: "2026-03-01", ...fields, filePath } });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}
