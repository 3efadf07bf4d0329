"use client";

import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { retryDelayMs } from "@/lib/evidence/capture-size";
import type { CapturedKind } from "@/lib/evidence/evidence-steps";
import { forgetCapture, keepCapture, newUploadId, type PendingCapture, pendingCaptures } from "./pending-captures";
import { sendEvidence, type SendOutcome } from "./send-evidence";
import type { ApiError } from "@/components/client/api-client";
import { nextPath, type ProcessLink } from "@/lib/process-routes";

export type UploadState = "waiting" | "sending" | "retrying" | "sent" | "refused";

export type UploadItem = { uploadId: string; kind: CapturedKind; state: UploadState; progress: number; resumed: boolean };

/** The process whose captures are sent: its id, the link's secret (sent in X-Url-Sign) and its kind. */
export type CaptureLink = ProcessLink;

export type EvidenceUploadsOptions = {
  link: CaptureLink;
  /** The capture page's name: an answer whose `next` is another page leaves this one. */
  page: string;
  /** Says a refusal to the person (and leaves the page when the process cannot go on): the process's own. */
  fail: (error: ApiError) => void;
  /** Where the person waits while an earlier capture is being checked. */
  waitPath: string;
};

/** The page of a /signature-process/{page}/… or /validation-process/{page}/… path. */
function pageOf(path: string): string | undefined {
  return path.split("/")[2];
}

/**
 * The capture pages' uploads. Each accepted capture is kept in IndexedDB first, then sent, one at a
 * time, with its progress; a failed send (offline, dropped, server error) is retried with backoff,
 * at once when the browser comes back online, and the signer is told the network is unstable.
 * Captures left from an earlier visit (a closed tab, a reload) are sent again with their own
 * uploadId, which the server answers without storing twice. Once the server says the step is done,
 * its `next` page follows.
 */
export function useEvidenceUploads({ link, page, fail, waitPath }: EvidenceUploadsOptions) {
  const locale = useLocale();
  const errors = useTranslations("errors");
  const router = useRouter();
  const [items, setItems] = useState<UploadItem[]>([]);
  const [unstable, setUnstable] = useState(false);
  const queue = useRef<PendingCapture[]>([]);
  const known = useRef(new Set<string>());
  const running = useRef(false);
  const alive = useRef(false);
  const inFlight = useRef<AbortController | null>(null);
  const wake = useRef<(() => void) | null>(null);
  // What may change while uploads run (the language switched…), read when used, so no upload restarts for it.
  const latest = useRef({ fail, errors, router, locale });
  useEffect(() => {
    latest.current = { fail, errors, router, locale };
  });

  const patch = useCallback((uploadId: string, change: Partial<UploadItem>) => {
    setItems((list) => list.map((item) => (item.uploadId === uploadId ? { ...item, ...change } : item)));
  }, []);

  /** Waits `ms`, or less when the browser says it is online again or the page goes away. */
  const pause = useCallback(
    (ms: number) =>
      new Promise<void>((resolve) => {
        const done = () => {
          window.clearTimeout(timer);
          window.removeEventListener("online", done);
          wake.current = null;
          resolve();
        };
        const timer = window.setTimeout(done, ms);
        window.addEventListener("online", done);
        wake.current = done;
      }),
    [],
  );

  const pump = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    try {
      while (alive.current && queue.current.length > 0) {
        const capture = queue.current[0]!;
        let failures = 0;
        let outcome: SendOutcome;
        for (;;) {
          patch(capture.uploadId, { state: "sending", progress: 0 });
          const controller = new AbortController();
          inFlight.current = controller;
          outcome = await sendEvidence(capture, {
            urlSign: link.urlSign,
            kind: link.kind,
            locale: latest.current.locale,
            signal: controller.signal,
            onProgress: (fraction) => patch(capture.uploadId, { progress: fraction }),
          });
          inFlight.current = null;
          // Leaving the page stops here; the capture stays kept and the next visit sends it.
          if (!alive.current) return;
          if (outcome.ok || !outcome.retry) break;
          failures += 1;
          setUnstable(true);
          patch(capture.uploadId, { state: "retrying", progress: 0 });
          await pause(retryDelayMs(failures));
          if (!alive.current) return;
        }
        queue.current.shift();
        await forgetCapture(capture.uploadId);
        if (outcome.ok) {
          setUnstable(false);
          patch(capture.uploadId, { state: "sent", progress: 1 });
          const next = outcome.data.next ? nextPath(link, outcome.data.next) : null;
          if (next && pageOf(next) !== page) {
            latest.current.router.push(next);
            return;
          }
          continue;
        }
        patch(capture.uploadId, { state: "refused", progress: 0 });
        const error = outcome.error;
        // A capture kept from a step already behind (this page is the current one): nothing left to do with it.
        if (error.errorCode === "STEP_OUT_OF_ORDER" && error.page === page) continue;
        // A selfie sent while the previous one is still being checked: its result is awaited on /wait.
        if (error.errorCode === "FACE_CHECK_PENDING") {
          latest.current.router.push(waitPath);
          return;
        }
        const { fail: said, errors: catalog } = latest.current;
        said({ ...error, message: error.message || (catalog.has(error.errorCode) ? catalog(error.errorCode) : catalog("SERVER_ERROR")) });
        if (
          ["LINK_ENDED", "STEP_OUT_OF_ORDER", "ATTEMPTS_EXHAUSTED", "INVALID_LINK", "MAX_USES_REACHED", "LOCATION_REQUIRED"].includes(
            error.errorCode,
          )
        )
          return;
      }
    } finally {
      running.current = false;
    }
  }, [link, page, patch, pause, waitPath]);

  // On arrival: whatever an earlier visit captured for this process and did not get confirmed.
  useEffect(() => {
    alive.current = true;
    void pendingCaptures(link.processHexId).then((found) => {
      if (!alive.current) return;
      const fresh = found.filter((capture) => !known.current.has(capture.uploadId));
      if (fresh.length === 0) return;
      for (const capture of fresh) known.current.add(capture.uploadId);
      queue.current.push(...fresh);
      setItems((list) => [
        ...list,
        ...fresh.map((capture) => ({
          uploadId: capture.uploadId,
          kind: capture.kind,
          state: "waiting" as const,
          progress: 0,
          resumed: true,
        })),
      ]);
      void pump();
    });
    return () => {
      alive.current = false;
      inFlight.current?.abort();
      wake.current?.();
    };
  }, [link.processHexId, pump]);

  /** An accepted capture: kept, then sent. */
  const enqueue = useCallback(
    async (kind: CapturedKind, blob: Blob, capturedAt: Date, extra: { accepted?: boolean } = {}) => {
      const uploadId = newUploadId();
      known.current.add(uploadId);
      // Listed at once, so the page moves on to the next photo while this one is kept and sent.
      setItems((list) => [...list, { uploadId, kind, state: "waiting", progress: 0, resumed: false }]);
      const capture: PendingCapture = {
        uploadId,
        processHexId: link.processHexId,
        kind,
        bytes: await blob.arrayBuffer(),
        type: blob.type || "image/jpeg",
        capturedAt: capturedAt.toISOString(),
        ...extra,
      };
      await keepCapture(capture);
      queue.current.push(capture);
      void pump();
    },
    [link.processHexId, pump],
  );

  return { items, unstable, enqueue };
}
