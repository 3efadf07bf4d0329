import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { randomHex } from "@/lib/security/random";
import { checkStorageKey, isStorageKey } from "./keys";
import { ObjectMissing, type ObjectStore } from "./storage";

function missing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === "ENOENT";
}

/** Objects as files under root: root/ab/ab…; other files there (pdf-signing/, outbox/) are not objects. */
export function localStore(root: string): ObjectStore {
  const pathOf = (key: string) => path.join(root, ...checkStorageKey(key).split("/"));
  return {
    async write(key, bytes) {
      const file = pathOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // A temporary file renamed over the object: a reader never sees half of it, a crash leaves the old one.
      const temporary = `${file}.${randomHex(8)}.tmp`;
      try {
        await writeFile(temporary, bytes, { flag: "wx" });
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async read(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (error) {
        if (missing(error)) throw new ObjectMissing(key);
        throw error;
      }
    },
    async exists(key) {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch (error) {
        if (missing(error)) return false;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async *keys() {
      let folders: string[];
      try {
        folders = await readdir(root);
      } catch (error) {
        if (missing(error)) return;
        throw error;
      }
      for (const folder of folders.filter((name) => /^[0-9a-f]{2}$/.test(name)).sort()) {
        for (const name of (await readdir(path.join(root, folder))).sort()) {
          if (isStorageKey(`${folder}/${name}`)) yield `${folder}/${name}`;
        }
      }
    },
  };
}
