// The one interface the product stores files through; the local directory is one implementation, a bucket another.
export type StoredObject = { key: string; sha256: string; size: number };

export type Storage = {
  put(bytes: Uint8Array): Promise<StoredObject>;
  get(key: string): Promise<Uint8Array>;
  delete(key: string): Promise<void>;
};
