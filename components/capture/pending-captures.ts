"use client";

import { createStore, del, entries, set, type UseStore } from "idb-keyval";
import type { CapturedKind } from "@/lib/evidence/evidence-steps";

/**
 * Captures kept in the browser (IndexedDB) from the moment the signer accepts them until the server
 * confirmed them: a dropped connection, a closed tab or a reload never loses a photo. The bytes are
 * kept as an ArrayBuffer (every browser can store one; some older Safari versions could not store
 * Blobs). The link's secret is not kept: the page that resumes has it in its address.
 */
export type PendingCapture = {
  uploadId: string;
  processHexId: string;
  kind: CapturedKind;
  bytes: ArrayBuffer;
  type: string;
  capturedAt: string;
  /** Selfie: the signature-acceptance box was ticked. */
  accepted?: boolean;
};

let store: UseStore | null | undefined;

function captureStore(): UseStore | null {
  if (store === undefined) {
    try {
      store = typeof indexedDB === "undefined" ? null : createStore("rubrica-captures", "pending");
    } catch {
      store = null;
    }
  }
  return store;
}

/** Keeps a capture; false when this browser cannot (private mode, storage full): it then lives only while the page is open. */
export async function keepCapture(capture: PendingCapture): Promise<boolean> {
  const target = captureStore();
  if (!target) return false;
  try {
    await set(capture.uploadId, capture, target);
    return true;
  } catch {
    return false;
  }
}

/** The server confirmed it (or refused it for good): it no longer needs keeping. */
export async function forgetCapture(uploadId: string): Promise<void> {
  const target = captureStore();
  if (!target) return;
  try {
    await del(uploadId, target);
  } catch {
    // Nothing to do: at worst it is sent again, and the server answers it from its uploadId.
  }
}

function isPendingCapture(value: unknown): value is PendingCapture {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Partial<PendingCapture>;
  return (
    typeof v.uploadId === "string" &&
    typeof v.processHexId === "string" &&
    typeof v.kind === "string" &&
    v.bytes instanceof ArrayBuffer &&
    typeof v.capturedAt === "string"
  );
}

/** What is still waiting for this process, oldest capture first. */
export async function pendingCaptures(processHexId: string): Promise<PendingCapture[]> {
  const target = captureStore();
  if (!target) return [];
  try {
    const all = await entries<string, unknown>(target);
    return all
      .map(([, value]) => value)
      .filter(isPendingCapture)
      .filter((capture) => capture.processHexId === processHexId)
      .sort((a, b) => a.capturedAt.localeCompare(b.capturedAt));
  } catch {
    return [];
  }
}

/** An id for one capture: the server stores a retried upload with the same id only once. */
export function newUploadId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
