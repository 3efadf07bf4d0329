import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { DataKeyring } from "@/lib/security/data-keys";
import { sealedKeyId } from "./envelope";
import { isStorageKey } from "./keys";
import { ObjectMissing, type ObjectStore } from "./storage";

// What scripts/backup.sh and scripts/restore.sh move: every object's stored bytes (sealed, so a backup holds no
// plaintext), as files named by their keys (dir/ab/ab…), whichever driver they come from or go to.

export class NotUnderCurrentKey extends Error {}
export class StoreNotEmpty extends Error {}

/** Copies every object of the store into dir; refuses objects under a previous data key (finish the rotation first). */
export async function exportObjects(store: ObjectStore, dir: string, keyring: DataKeyring): Promise<{ objects: number; bytes: number }> {
  const counts = { objects: 0, bytes: 0 };
  for await (const key of store.keys()) {
    let bytes: Uint8Array;
    try {
      bytes = await store.read(key);
    } catch (error) {
      if (error instanceof ObjectMissing) continue; // deleted meanwhile
      throw error;
    }
    const id = sealedKeyId(bytes);
    if (id !== null && id !== keyring.current.id) {
      throw new NotUnderCurrentKey(`object ${key} is under data key ${id}, not the current one: run scripts/rotate-data-key.ts first`);
    }
    const file = path.join(dir, ...key.split("/"));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
    counts.objects++;
    counts.bytes += bytes.byteLength;
  }
  return counts;
}

/** Writes every file of dir into the store as the object of its key; refuses a store that already holds objects. */
export async function importObjects(dir: string, store: ObjectStore): Promise<{ objects: number }> {
  for await (const key of store.keys()) throw new StoreNotEmpty(`the storage already holds objects (${key}): restore into an empty one`);
  let objects = 0;
  for (const folder of (await readdir(dir)).sort()) {
    for (const name of (await readdir(path.join(dir, folder))).sort()) {
      const key = `${folder}/${name}`;
      if (!isStorageKey(key)) throw new Error(`not a storage object in the backup: ${key}`);
      await store.write(key, new Uint8Array(await readFile(path.join(dir, folder, name))));
      objects++;
    }
  }
  return { objects };
}
