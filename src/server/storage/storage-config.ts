// Chooses where files live from the configuration: DATA_DIR/files on disk, or an S3-compatible bucket when S3_* is set.
import path from "node:path";
import type { DataStore } from "@tus/server";
import { FileStore } from "@tus/file-store";
import { ConfigError, type Env } from "../env.ts";
import type { S3Options } from "./s3-store.ts";
import { DiskStore, type ObjectStore } from "./storage.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface StorageSetup {
  store: ObjectStore;
  /** Where tus keeps uploads until they finish. */
  datastore: DataStore;
  quotaBytes: number;
  /** Creates the bucket when a fresh S3-compatible server has none. */
  prepare(): Promise<void>;
  close(): void;
}

const S3_KEYS = ["S3_BUCKET", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

/** The S3 settings, null for disk storage; a half-configured S3 stops the server naming what is missing. */
export function s3OptionsFromEnv(env: Pick<Env, (typeof S3_KEYS)[number] | "S3_ENDPOINT">): S3Options | null {
  const given = S3_KEYS.filter((key) => env[key]);
  if (given.length === 0 && !env.S3_ENDPOINT) return null;
  const missing = S3_KEYS.filter((key) => !env[key]);
  if (missing.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${missing.map((key) => `  ${key}: required when S3 storage is configured`).join("\n")}`);
  }
  return {
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION!,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    endpoint: env.S3_ENDPOINT,
  };
}

/** Disk, or S3-compatible storage (whose SDK is loaded only then: it is large). */
export async function storageFromEnv(env: Env, dataDir: string): Promise<StorageSetup> {
  const quotaBytes = env.STORAGE_QUOTA_MB * 1024 * 1024;
  const s3 = s3OptionsFromEnv(env);
  if (!s3) {
    return {
      store: new DiskStore(path.join(dataDir, "files")),
      datastore: new FileStore({ directory: path.join(dataDir, "uploads"), expirationPeriodInMilliseconds: DAY_MS }),
      quotaBytes,
      prepare: async () => {},
      close: () => {},
    };
  }
  const { S3Store } = await import("./s3-store.ts");
  const store = new S3Store(s3);
  // Unfinished uploads stay on local disk even with S3: @tus/s3-store needs ListParts, which the S3 server the
  // tests run against (s3rver) lacks, so that path is unverified. With several instances, send each upload's
  // requests to one instance (sticky sessions) or share DATA_DIR/uploads between them.
  const datastore = new FileStore({ directory: path.join(dataDir, "uploads"), expirationPeriodInMilliseconds: DAY_MS });
  return { store, datastore, quotaBytes, prepare: () => store.ensureBucket(), close: () => store.close() };
}
