import { createHash } from "node:crypto";
import { env } from "@/lib/config/env";
import { configuredKeyring, type DataKeyring } from "@/lib/security/data-keys";
import { open, seal } from "./envelope";
import { newStorageKey } from "./keys";
import { localStore } from "./local-store";
import { s3Client, s3Store, type S3Settings } from "./s3-store";
import type { ObjectStore, Storage } from "./storage";

export type { ObjectStore, Storage, StoredObject } from "./storage";
export { ObjectMissing } from "./storage";

/** Every object sealed under the keyring's current data key; read back with any key the keyring holds. */
export function sealedStorage(store: ObjectStore, keyring: () => DataKeyring): Storage {
  return {
    async put(bytes) {
      const key = newStorageKey();
      await store.write(key, seal(bytes, keyring().current));
      return { key, sha256: createHash("sha256").update(bytes).digest("hex"), size: bytes.byteLength };
    },
    async get(key) {
      return open(await store.read(key), keyring());
    },
    exists: (key) => store.exists(key),
    delete: (key) => store.delete(key),
  };
}

/** The S3 settings (STORAGE_DRIVER=s3), read when used. */
export function s3Settings(): S3Settings {
  const config = env();
  if (!config.S3_BUCKET) throw new Error("STORAGE_DRIVER=s3 needs S3_BUCKET");
  if (!config.S3_ACCESS_KEY_ID !== !config.S3_SECRET_ACCESS_KEY) throw new Error("set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither");
  return {
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

let s3: { source: string; store: ObjectStore } | undefined;

/** The configured driver without encryption: STORAGE_DIR, or the S3 bucket (one client per configuration). */
export function objectStore(): ObjectStore {
  if (env().STORAGE_DRIVER === "local") return localStore(env().STORAGE_DIR);
  const settings = s3Settings();
  const source = JSON.stringify(settings);
  if (s3?.source !== source) s3 = { source, store: s3Store(s3Client(settings), settings.bucket) };
  return s3.store;
}

/** The configured store: the driver STORAGE_DRIVER names, every object encrypted at rest under the data key. */
export function storage(): Storage {
  return sealedStorage(objectStore(), configuredKeyring);
}
