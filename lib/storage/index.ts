import { env } from "@/lib/config/env";
import { localStorage } from "./local-storage";
import type { Storage } from "./storage";

export type { Storage, StoredObject } from "./storage";

/** The configured store: the local directory STORAGE_DIR until an object-store implementation replaces it. */
export function storage(): Storage {
  return localStorage(env().STORAGE_DIR);
}
