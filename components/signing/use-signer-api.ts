"use client";

import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useCallback } from "react";
import { type ApiError, type ApiResult, callApi } from "@/components/client/api-client";
import { notifyApiError } from "@/components/client/notify";
import { maxUsesPath } from "@/lib/signing/link-state";
import { pagePath, type ProcessLink } from "@/lib/process-routes";

/** A signer's or a validation's link (lib/process-routes.ts). */
export type SignerLink = ProcessLink;

/** Calls for the signer's pages: the link's secret travels in a header, errors come in the page's language. */
export function useSignerApi(link: SignerLink) {
  const { urlSign, processHexId, kind } = link;
  const t = useTranslations("errors");
  const locale = useLocale();
  const router = useRouter();
  const call = useCallback(
    <T>(path: string, body?: unknown): Promise<ApiResult<T>> =>
      callApi<T>(path, { body, locale, connectionLostMessage: t("CONNECTION_LOST"), headers: { "x-url-sign": urlSign } }),
    [t, locale, urlSign],
  );
  /**
   * An ended link goes to its state's page, a used-up one to /maxNumberUses, a step taken out of turn
   * to the current one, a step refused for want of the obligatory location to the home page that asks
   * for it; anything else is said.
   */
  const fail = useCallback(
    (error: ApiError) => {
      if (error.errorCode === "LINK_ENDED") {
        router.replace(`/error/${String(error.status ?? "UNKNOWN")}/${String(error.state ?? "UNKNOWN")}`);
        return;
      }
      if ((error.errorCode === "STEP_OUT_OF_ORDER" || error.errorCode === "ATTEMPTS_EXHAUSTED") && typeof error.page === "string") {
        notifyApiError(error);
        router.replace(pagePath({ urlSign, processHexId, kind }, error.page));
        return;
      }
      if (error.errorCode === "MAX_USES_REACHED") {
        router.replace(maxUsesPath);
        return;
      }
      if (error.errorCode === "LOCATION_REQUIRED") {
        notifyApiError(error);
        router.replace(pagePath({ urlSign, processHexId, kind }, "home-page"));
        return;
      }
      if (error.errorCode === "INVALID_LINK") {
        router.replace("/error/UNKNOWN/UNKNOWN");
        return;
      }
      notifyApiError(error);
    },
    [router, urlSign, processHexId, kind],
  );
  return { call, fail };
}
