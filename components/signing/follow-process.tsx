"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { type ReactNode, useEffect } from "react";
import { maxUsesPath } from "@/lib/signing/link-state";
import { dataPath, pagePath } from "@/lib/process-routes";
import { type SignerLink, useSignerApi } from "./use-signer-api";

type Answer = { result: number; linkState?: string; data: { nextPage?: string; status?: string; lastCheck?: { check: string } | null } };

/**
 * What a polling page waits for: the process to leave `current`, or with `checks`, the current
 * step's check (lib/evidence/face-comparison.ts lastCheck) to be no longer PENDING: settled, the
 * signer goes where the process now stands (the next step, or back to the selfie to retake it).
 */
export type FollowPoll = { current: string; checks?: boolean; everyMs?: number };

/**
 * reloadpage and wait: tells the signer what is happening, then takes them back to where their
 * process stands: at once after `afterMs` (reloadpage, the automatic retry of spec §8), or as soon
 * as the server says something changed (wait, polling every few seconds).
 */
export function FollowProcess({
  link,
  message,
  afterMs,
  poll,
  children,
}: {
  link: SignerLink;
  message: string;
  afterMs?: number;
  poll?: FollowPoll;
  children?: ReactNode;
}) {
  const t = useTranslations("signing.follow");
  const router = useRouter();
  const { call, fail } = useSignerApi(link);

  useEffect(() => {
    let stopped = false;
    const go = async (force: boolean) => {
      const answer = await call<Answer>(dataPath(link));
      if (stopped) return false;
      if (!answer.ok) {
        // The secret stopped matching meanwhile (a newer invitation went out): the server answers it
        // as an unknown link, and so does this page.
        if (answer.error.errorCode === "INVALID_LINK") {
          fail(answer.error);
          return true;
        }
        return false;
      }
      const { result, linkState, data } = answer.data;
      if (result !== 1) {
        // A validation's pages know where each of its ended states leads (lib/validation-process/page-guard.ts).
        if (link.kind === "validation") {
          router.replace(pagePath(link, "home-page"));
          return true;
        }
        const ended =
          linkState === "MAX_USES"
            ? maxUsesPath
            : linkState === "COMPLETED"
              ? pagePath(link, "full-process")
              : linkState === "IN_REVIEW" && data.status === "IN_REVIEW"
                ? pagePath(link, "review-process")
                : `/error/${data.status ?? "UNKNOWN"}/${linkState ?? "UNKNOWN"}`;
        router.replace(ended);
        return true;
      }
      const settled = poll?.checks === true && data.lastCheck?.check !== "PENDING";
      if (force || (poll && (data.nextPage !== poll.current || settled))) {
        router.replace(pagePath(link, data.nextPage ?? "home-page"));
        return true;
      }
      return false;
    };
    const everyMs = poll?.everyMs ?? 3000;
    const timer =
      afterMs !== undefined ? window.setTimeout(() => void go(true), afterMs) : window.setInterval(() => void go(false), everyMs);
    // A check may already be settled when the page opens: ask at once rather than after a full interval.
    if (afterMs === undefined && poll?.checks) void go(false);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      window.clearInterval(timer);
    };
  }, [afterMs, call, fail, link, poll, router]);

  return (
    <div
      className="flex items-center gap-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
      role="status"
      data-testid="follow-process"
    >
      <span className="h-6 w-6 shrink-0 animate-spin rounded-full border-2 border-slate-200 border-t-[var(--sign-primary)]" aria-hidden />
      <div className="min-w-0 flex-1 space-y-2">
        <p className="text-slate-800">{message}</p>
        <p className="text-sm text-slate-500">{t("stayHere")}</p>
        {children}
      </div>
    </div>
  );
}
