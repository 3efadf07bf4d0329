import type { DataKeyring } from "@/lib/security/data-keys";
import { isSealed, open, rewrap, seal, sealedKeyId, UnknownDataKey } from "./envelope";
import { ObjectMissing, type ObjectStore } from "./storage";

export type RotationCounts = {
  /** Objects looked at. */
  checked: number;
  /** Already under the current data key: nothing written (what makes a second run, or a resumed one, cheap). */
  current: number;
  /** DEK re-wrapped under the current data key. */
  rewrapped: number;
  /** Stored in the clear before encryption at rest, now sealed under the current data key. */
  encrypted: number;
  /** Deleted while the run went on. */
  vanished: number;
  /** Sealed under a data key the keyring does not hold: left as they are, and the run fails. */
  unknownKey: string[];
};

/**
 * Brings every object of the store under the keyring's current data key: re-wraps the DEK of objects sealed under a
 * previous key (the ciphertext stays the same bytes) and seals objects kept in the clear. Idempotent, and so
 * resumable: an interrupted run is finished by running again, which skips what is already done. Each object is
 * replaced whole (lib/storage/storage.ts ObjectStore.write), so readers see the old or the new form, both readable
 * while the previous key is still configured.
 */
export async function rotateObjects(
  store: ObjectStore,
  keyring: DataKeyring,
  options: { concurrency?: number; onProgress?: (counts: RotationCounts) => void } = {},
): Promise<RotationCounts> {
  const counts: RotationCounts = { checked: 0, current: 0, rewrapped: 0, encrypted: 0, vanished: 0, unknownKey: [] };
  const keys = store.keys()[Symbol.asyncIterator]();

  async function one(key: string): Promise<void> {
    let bytes: Uint8Array;
    try {
      bytes = await store.read(key);
    } catch (error) {
      if (error instanceof ObjectMissing) return void counts.vanished++;
      throw error;
    }
    if (!isSealed(bytes)) {
      await store.write(key, seal(bytes, keyring.current));
      counts.encrypted++;
    } else if (sealedKeyId(bytes) === keyring.current.id) {
      counts.current++;
    } else {
      try {
        const moved = rewrap(bytes, keyring, keyring.current);
        // The content must still open under the new wrap before the old form is replaced.
        open(moved, keyring);
        await store.write(key, moved);
        counts.rewrapped++;
      } catch (error) {
        if (!(error instanceof UnknownDataKey)) throw error;
        counts.unknownKey.push(key);
      }
    }
  }

  async function lane(): Promise<void> {
    for (let next = await keys.next(); !next.done; next = await keys.next()) {
      counts.checked++;
      await one(next.value);
      if (counts.checked % 500 === 0) options.onProgress?.(counts);
    }
  }
  await Promise.all(Array.from({ length: options.concurrency ?? 8 }, lane));
  return counts;
}
