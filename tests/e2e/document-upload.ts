// A library file sent over the tus endpoint as the page's upload control sends it, for journeys that add documents
// through the API.
import { expect, type APIRequestContext } from "@playwright/test";

/** Sends a whole file over the tus endpoint as the page's upload control does; the stored path. */
export async function uploadThroughApi(request: APIRequestContext, origin: string, bytes: Buffer, filename: string): Promise<string> {
  const meta = `kind ${Buffer.from("document").toString("base64")},filename ${Buffer.from(filename).toString("base64")}`;
  const created = await request.post("/api/v1/uploads", { headers: { Origin: origin, "Tus-Resumable": "1.0.0", "Upload-Length": String(bytes.byteLength), "Upload-Metadata": meta } });
  expect(created.status()).toBe(201);
  const sent = await request.patch(created.headers().location!, {
    headers: { Origin: origin, "Tus-Resumable": "1.0.0", "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
    data: bytes,
  });
  expect(sent.status()).toBe(200);
  return ((await sent.json()) as { fullPath: string }).fullPath;
}
