import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { namedSegments, processParams } from "@/components/layout/route-params";
import { type Brand, signColours } from "@/components/signing/process-page";
import { getConfigValue } from "@/lib/config/values";
import type { ProcessStatus } from "@/lib/db/generated/enums";
import { requestMeta } from "@/lib/http/request";
import type { ProcessLink } from "@/lib/process-routes";
import { type LinkState, linkErrorPath } from "@/lib/signing/link-state";
import { guardValidationPage, type ValidationPageData, type ValidationPageOptions } from "@/lib/validation-process/page-guard";

export type ValidationPage =
  | { live: true; link: ProcessLink; data: ValidationPageData; brand: Brand }
  | { live: false; link: ProcessLink; state: LinkState; status: ProcessStatus; rejectedByPerson: boolean; brand: Brand };

/**
 * Everything a /validation-process page needs before it renders (the twin of components/signing/process-page.ts);
 * where it may not render (lib/validation-process/page-guard.ts says why), the person is sent on.
 */
export async function loadValidationPage(
  page: string,
  segments: string[] | undefined,
  options: ValidationPageOptions & { names?: readonly string[] } = {},
): Promise<ValidationPage> {
  // Attempt pages take a third segment, {numberAttemps?} (finishedAttempts {val?}); the others refuse one.
  const { urlSign, processHexId } = namedSegments(segments, options.names ?? processParams) as { urlSign?: string; processHexId?: string };
  if (!urlSign || !processHexId) redirect(linkErrorPath("UNKNOWN", "UNKNOWN"));
  const guarded = await guardValidationPage(page, urlSign, processHexId, requestMeta(await headers()).ip, options);
  if ("redirect" in guarded) redirect(guarded.redirect);
  // A live process already read the capture configuration, colours included; an ended one reads them alone.
  const colours = guarded.live
    ? guarded.data.captureConfig.ui_sign_color
    : await getConfigValue(guarded.brand.organizationId, "ui_sign_color");
  const brand: Brand = {
    organizationName: guarded.brand.organizationName,
    organizationHexId: guarded.brand.organizationHexId,
    ...signColours(colours),
  };
  const link: ProcessLink = { urlSign, processHexId, kind: "validation" };
  if (!guarded.live)
    return { live: false, link, state: guarded.state, status: guarded.status, rejectedByPerson: guarded.rejectedByPerson, brand };
  return { live: true, link, data: guarded.data, brand };
}
