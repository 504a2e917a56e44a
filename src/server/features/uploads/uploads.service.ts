// The tus endpoint every upload goes through: resumable, authorized per request, finished by FileService's checks.
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import type { DataStore, Server, Upload } from "@tus/server";
import { FileStore } from "@tus/file-store";
import type { CurrentUser } from "#server/auth/session.ts";
import { newId } from "#server/db/ids.ts";
import { AppError, errorBody, Unauthorized, Validation } from "#server/errors.ts";
import type { FileService } from "#server/storage/file.service.ts";
import { messages } from "#shared/messages.ts";
import { isUploadKind, UPLOAD_KINDS, UPLOAD_RULES } from "#shared/upload-kinds.ts";

export const UPLOADS_PATH = "/api/v1/uploads";

const DAY_MS = 24 * 60 * 60 * 1000;
const LARGEST_UPLOAD = Math.max(...UPLOAD_KINDS.map((k) => UPLOAD_RULES[k].maxBytes));

export interface UploadServiceOptions {
  files: FileService;
  /** Where unfinished uploads wait (tus's store). Default: a folder under the system's temp directory. */
  datastore?: DataStore | undefined;
  logger?: { warn(obj: object, msg: string): void } | undefined;
}

/** What tus turns into an error response. */
interface TusError {
  status_code: number;
  body: string;
}

function tusError(error: AppError): TusError {
  return { status_code: error.status, body: JSON.stringify(errorBody(error)) };
}

function jsonError(error: AppError, method: string): Response {
  return new Response(method === "HEAD" ? null : JSON.stringify(errorBody(error)), {
    status: error.status,
    headers: { "Content-Type": "application/json", "Tus-Resumable": "1.0.0", "Cache-Control": "no-store" },
  });
}

async function readAll(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

export class UploadService {
  readonly datastore: DataStore;
  private readonly files: FileService;
  /** tus's request handling, loaded with the first upload request. */
  private tusServer: Promise<Server> | undefined;
  private readonly logger: UploadServiceOptions["logger"];
  /** The signed-in user of each request tus is handling; its hooks only see the request. */
  private readonly users = new WeakMap<Request, CurrentUser>();

  constructor(options: UploadServiceOptions) {
    this.files = options.files;
    this.logger = options.logger;
    this.datastore =
      options.datastore ??
      new FileStore({
        directory: path.join(os.tmpdir(), "niche-uploads", newId(8)),
        expirationPeriodInMilliseconds: DAY_MS,
      });
  }

  private tus(): Promise<Server> {
    this.tusServer ??= import("@tus/server").then(
      ({ Server }) =>
        new Server({
          path: UPLOADS_PATH,
          datastore: this.datastore,
          relativeLocation: true,
          maxSize: LARGEST_UPLOAD,
          // Same origin only: no CORS headers for anyone else.
          allowedOrigins: () => false,
          disableTerminationForFinishedUploads: true,
          onUploadCreate: (req, upload) => this.onCreate(req as Request, upload),
          onUploadFinish: (req, upload) => this.onFinish(req as Request, upload),
        }),
    );
    return this.tusServer;
  }

  private async onCreate(req: Request, upload: Upload): Promise<{ metadata: Record<string, string | null> }> {
    const user = this.users.get(req) ?? null;
    const metadata = upload.metadata ?? {};
    const kind = metadata.kind;
    if (!isUploadKind(kind)) throw tusError(Validation("Unknown kind of upload.", { kind: "Unknown kind of upload." }));
    if (upload.size === undefined) throw tusError(Validation("The upload's length must be given.", {}));
    try {
      const target = await this.files.prepareUpload({
        user,
        kind,
        fileName: metadata.filename ?? undefined,
        size: upload.size,
        name: metadata.name ?? undefined,
        postId: metadata.postId ?? undefined,
        businessId: metadata.businessId ?? undefined,
      });
      // Set by the server, so the finishing request cannot choose where the file goes or whose it is.
      return { metadata: { ...metadata, owner: user!.id, target } };
    } catch (error) {
      if (error instanceof AppError) throw tusError(error);
      throw error;
    }
  }

  private async onFinish(req: Request, upload: Upload): Promise<{ status_code: number; headers: Record<string, string>; body: string }> {
    const user = this.users.get(req);
    const metadata = upload.metadata ?? {};
    try {
      if (!user) throw Unauthorized(messages.storage.unauthenticated);
      // Both stores tus ships (file, S3) can read a finished upload back; the DataStore type does not say so.
      const reader = this.datastore as DataStore & { read(id: string): Readable | Promise<Readable> };
      const bytes = await readAll(await reader.read(upload.id));
      const stored = await this.files.storeUpload({
        user,
        kind: metadata.kind as (typeof UPLOAD_KINDS)[number],
        fullPath: metadata.target!,
        bytes,
        fileName: metadata.filename ?? "",
        // Checked when the upload was created (tus keeps the creation's metadata).
        businessId: metadata.businessId ?? undefined,
      });
      return { status_code: 200, headers: { "Content-Type": "application/json" }, body: JSON.stringify(stored) };
    } catch (error) {
      if (error instanceof AppError) throw tusError(error);
      throw error;
    } finally {
      // The upload is done with either way: its bytes are stored re-encoded, or refused.
      await this.datastore.remove(upload.id).catch((err: unknown) => this.logger?.warn({ err, id: upload.id }, "could not remove finished upload"));
    }
  }

  /** Answers a tus request (create, send bytes, ask the offset, terminate) for the signed-in user. */
  async handle(request: Request, user: CurrentUser | null): Promise<Response> {
    const method = request.method;
    if (method === "GET") return jsonError(new AppError(404, "not_found", "Uploads cannot be downloaded; use the file's URL."), method);
    if (method === "OPTIONS") return (await this.tus()).handleWeb(request);
    if (!user) return jsonError(Unauthorized(messages.storage.unauthenticated), method);
    // Extensions this server does not offer (tus would answer 501, as if the server were at fault).
    if (request.headers.has("upload-concat") || request.headers.has("upload-defer-length")) {
      return jsonError(Validation("Parallel uploads and uploads of unknown length are not supported; send the whole file in one upload.", {}), method);
    }
    if (method !== "POST") {
      const id = new URL(request.url).pathname.slice(UPLOADS_PATH.length + 1);
      const upload = id ? await this.datastore.getUpload(id).catch(() => null) : null;
      // Only the uploader may continue, inspect or cancel an upload.
      if (upload && upload.metadata?.owner !== user.id) {
        return jsonError(new AppError(403, "forbidden", messages.storage.unauthorized(upload.metadata?.target ?? `uploads/${id}`)), method);
      }
    }
    const tus = await this.tus();
    this.users.set(request, user);
    return tus.handleWeb(request);
  }

  /** Unfinished uploads older than a day, and finished ones never attached to anything. */
  async cleanup(now = new Date()): Promise<{ unfinished: number; orphans: number }> {
    const unfinished = this.datastore.hasExtension("expiration") ? await this.datastore.deleteExpired() : 0;
    const orphans = await this.files.deleteOrphans(now);
    return { unfinished, orphans };
  }
}
