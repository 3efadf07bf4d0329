import { createHash } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { randomHex } from "@/lib/security/random";
import type { Storage, StoredObject } from "./storage";

const keyPattern = /^[0-9a-f]{2}\/[0-9a-f]{64}$/;

/** Keys are random hex (two-level fan-out), never a user's file name, so no input reaches the path. */
function pathOf(root: string, key: string): string {
  if (!keyPattern.test(key)) throw new Error("invalid storage key");
  return path.join(root, ...key.split("/"));
}

export function localStorage(root: string): Storage {
  return {
    async put(bytes: Uint8Array): Promise<StoredObject> {
      const name = randomHex(32);
      const key = `${name.slice(0, 2)}/${name}`;
      const file = pathOf(root, key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes, { flag: "wx" });
      return { key, sha256: createHash("sha256").update(bytes).digest("hex"), size: bytes.byteLength };
    },
    async get(key: string): Promise<Uint8Array> {
      return new Uint8Array(await readFile(pathOf(root, key)));
    },
    async delete(key: string): Promise<void> {
      await rm(pathOf(root, key), { force: true });
    },
  };
}
