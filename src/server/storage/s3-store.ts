// Object storage on any S3-compatible service (AWS S3, MinIO, Garage, Ceph, R2...), for running several instances.
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { STORAGE_RETRY } from "#shared/constants.ts";
import { assertSafeKey, type ObjectStore } from "./storage.ts";
import { errorStatus, isTransientStorageError, withRetry } from "./retry.ts";

export interface S3Options {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** For services other than AWS; addressed path-style (`endpoint/bucket/key`), which they all accept. */
  endpoint?: string | undefined;
  /** How long each call keeps retrying transient failures (spec: 120000 ms). */
  retryMs?: number;
}

export class S3Store implements ObjectStore {
  readonly bucket: string;
  readonly client: S3Client;
  private readonly retryMs: number;

  constructor(options: S3Options) {
    this.bucket = options.bucket;
    this.retryMs = options.retryMs ?? STORAGE_RETRY.operationMs;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: Boolean(options.endpoint),
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // Retries are ours (withRetry), with the spec's deadline instead of a fixed attempt count.
      maxAttempts: 1,
    });
  }

  private send<T>(operation: () => Promise<T>): Promise<T> {
    return withRetry(operation, { deadlineMs: this.retryMs, isTransient: isTransientStorageError });
  }

  /** Creates the bucket when it is missing (a fresh MinIO or test server). */
  async ensureBucket(): Promise<void> {
    try {
      await this.send(() => this.client.send(new HeadBucketCommand({ Bucket: this.bucket })));
    } catch (error) {
      if (errorStatus(error) !== 404) throw error;
      await this.send(() => this.client.send(new CreateBucketCommand({ Bucket: this.bucket })));
    }
  }

  async put(key: string, body: Uint8Array, contentType = "application/octet-stream"): Promise<void> {
    assertSafeKey(key);
    await this.send(() =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          // Names never change, so a CDN or browser may keep them forever.
          CacheControl: "public, max-age=31536000, immutable",
        }),
      ),
    );
  }

  async get(key: string): Promise<Uint8Array | null> {
    assertSafeKey(key);
    try {
      const response = await this.send(() => this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key })));
      return response.Body ? await response.Body.transformToByteArray() : new Uint8Array();
    } catch (error) {
      if (errorStatus(error) === 404 || (error as Error).name === "NoSuchKey") return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.send(() => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })));
  }

  close(): void {
    this.client.destroy();
  }
}
