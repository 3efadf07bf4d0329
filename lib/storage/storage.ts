// The one interface the product stores files through (Storage), and the one a driver implements (ObjectStore).
// Storage seals every object (lib/storage/envelope.ts) before a driver sees it; the driver keeps bytes under a key:
// the local directory STORAGE_DIR (lib/storage/local-store.ts) or an S3 bucket (lib/storage/s3-store.ts).

/** What put() answers: the key to keep, and the SHA-256 and size of the plaintext (never of the sealed bytes). */
export type StoredObject = { key: string; sha256: string; size: number };

export type Storage = {
  put(bytes: Uint8Array): Promise<StoredObject>;
  /** The plaintext; an object written before encryption at rest is answered as it is. */
  get(key: string): Promise<Uint8Array>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
};

/** Raw bytes under a key. Keys are random hex (lib/storage/keys.ts), never a user's file name. */
export type ObjectStore = {
  /** Writes whole (a reader sees the old bytes or the new, never a mix); replaces an object with the same key. */
  write(key: string, bytes: Uint8Array): Promise<void>;
  /** Throws ObjectMissing when there is no such object. */
  read(key: string): Promise<Uint8Array>;
  exists(key: string): Promise<boolean>;
  /** Deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Every object's key, in no particular order (files or objects that are not storage keys are skipped). */
  keys(): AsyncIterable<string>;
};

export class ObjectMissing extends Error {
  constructor(key: string) {
    super(`no stored object ${key}`);
    this.name = "ObjectMissing";
  }
}
