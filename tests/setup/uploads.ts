// Uploads and stored files in integration tests, through the app as a browser and the database see them.
import { expect } from "vitest";
import { sql } from "kysely";
import { makeImage } from "../fixtures/images.ts";
import type { TestApp } from "./app.ts";

const TUS = { "Tus-Resumable": "1.0.0" };
const b64 = (value: string) => Buffer.from(value).toString("base64");

/** Creates an upload over the tus endpoint with this metadata; the answer to the creation. */
export function createUpload(t: TestApp, cookie: string | undefined, size: number, metadata: Record<string, string>) {
  const meta = Object.entries(metadata).map(([k, v]) => `${k} ${b64(v)}`).join(",");
  return t.request("/api/v1/uploads", { method: "POST", cookie, headers: { ...TUS, "Upload-Length": String(size), "Upload-Metadata": meta } });
}

/**
 * A whole file sent over the tus endpoint in one request, as a browser sends a small one; the answer to its creation
 * when that is refused, else to the sending (the stored file).
 */
export async function sendUpload(t: TestApp, cookie: string, bytes: Uint8Array, metadata: Record<string, string>): Promise<Response> {
  const created = await createUpload(t, cookie, bytes.byteLength, metadata);
  if (created.status !== 201) return created;
  return t.request(created.headers.get("Location")!, {
    method: "PATCH",
    cookie,
    headers: { ...TUS, "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
}

/** A whole PNG sent over the tus endpoint as a browser sends it; the stored file's path. */
export async function uploadImage(t: TestApp, cookie: string, metadata: { kind: string; filename: string; businessId?: string }): Promise<string> {
  const sent = await sendUpload(t, cookie, await makeImage("png", 400, 300), metadata);
  expect(sent.status).toBe(200);
  return ((await sent.json()) as { fullPath: string }).fullPath;
}

/** The HTTP status the site answers a stored file's path with. */
export async function served(t: TestApp, path: string): Promise<number> {
  return (await t.request(`/files/${path}`)).status;
}

/** The clean-up of unused uploads, run as it would be a day later. */
export function cleanUpLater(t: TestApp) {
  return t.services.uploads.cleanup(new Date(Date.now() + 25 * 60 * 60 * 1000));
}

/** The stored record of a file: gone, or whether it is attached. */
export async function fileState(t: TestApp, path: string): Promise<"gone" | "attached" | "unattached"> {
  const row = await t.database.db.selectFrom("stored_file").select("attachedAt").where("fullPath", "=", path).executeTakeFirst();
  return row ? (row.attachedAt ? "attached" : "unattached") : "gone";
}

/**
 * Runs `save` with the upload `path` removed (as the clean-up or its uploader's discard would) just after the save
 * checked it: its claim then fails, a race a test cannot otherwise time.
 */
export async function removedOnceChecked<T>(t: TestApp, path: string, save: () => T | Promise<T>): Promise<T> {
  const files = t.services.files;
  const check = files.isAttachable.bind(files);
  files.isAttachable = async (input) => {
    const attachable = await check(input);
    if (input.fullPath === path) await files.delete(path);
    return attachable;
  };
  try {
    return await save();
  } finally {
    files.isAttachable = check;
  }
}

/**
 * A database rule refusing to write a row of `table` with this name, standing in for any write failure while a change
 * is applied (after its uploads were checked); returns how to lift it.
 */
export async function refuseWriting(t: TestApp, table: "event" | "business", operation: "insert" | "update", name: string): Promise<() => Promise<void>> {
  const db = t.database.db;
  const trigger = `refuse_${operation}_${table}`;
  if (t.database.dialect === "postgres") {
    await sql`create or replace function ${sql.raw(trigger)}() returns trigger language plpgsql as $$ begin if new.name = ${sql.lit(name)} then raise exception 'refused'; end if; return new; end $$`.execute(db);
    await sql`create trigger ${sql.raw(trigger)} before ${sql.raw(operation)} on ${sql.table(table)} for each row execute function ${sql.raw(trigger)}()`.execute(db);
  } else {
    await sql`create trigger ${sql.raw(trigger)} before ${sql.raw(operation)} on ${sql.table(table)} when new.name = ${sql.lit(name)} begin select raise(abort, 'refused'); end`.execute(db);
  }
  return async () => {
    await sql`drop trigger ${sql.raw(trigger)} ${t.database.dialect === "postgres" ? sql`on ${sql.table(table)}` : sql``}`.execute(db);
  };
}
