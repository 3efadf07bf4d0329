import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getConfigValue } from "@/lib/config/values";
import type { ProcessStatus } from "@/lib/db/generated/enums";
import { requestMeta } from "@/lib/http/request";
import { type LinkState, linkErrorPath } from "@/lib/signing/link-state";
import type { SignatureProcessData } from "@/lib/signing/process-data";
import { signColours } from "@/lib/organizations/colours";
import { guardProcessPage, type ProcessPageOptions } from "@/lib/signing/process-page-guard";
import { namedSegments, processParams } from "@/components/layout/route-params";

export { signColours };

export type Brand = { organizationName: string; organizationHexId: string; primary: string; secondary: string };

export type ProcessPage =
  | { live: true; urlSign: string; processHexId: string; data: SignatureProcessData; brand: Brand }
  | { live: false; urlSign: string; processHexId: string; state: LinkState; status: ProcessStatus; brand: Brand };

/**
 * Everything a /signature-process page needs before it renders; where it may not render
 * (lib/signing/process-page-guard.ts says why), the signer is sent on.
 */
export async function loadProcessPage(
  page: string,
  segments: string[] | undefined,
  options: ProcessPageOptions & { names?: readonly string[] } = {},
): Promise<ProcessPage> {
  // Attempt pages take a third segment, {numberAttemps?}; the others refuse one.
  const { urlSign, processHexId } = namedSegments(segments, options.names ?? processParams) as { urlSign?: string; processHexId?: string };
  if (!urlSign || !processHexId) redirect(linkErrorPath("UNKNOWN", "UNKNOWN"));
  const guarded = await guardProcessPage(page, urlSign, processHexId, requestMeta(await headers()).ip, options);
  if ("redirect" in guarded) redirect(guarded.redirect);
  const organization = guarded.signer.document.organization;
  // A live process already read the capture configuration, colours included; an ended one reads them alone.
  const colours = guarded.live ? guarded.data.captureConfig.ui_sign_color : await getConfigValue(organization.id, "ui_sign_color");
  const brand: Brand = { organizationName: organization.name, organizationHexId: organization.hexId, ...signColours(colours) };
  if (!guarded.live) return { live: false, urlSign, processHexId, state: guarded.state, status: guarded.status, brand };
  return { live: true, urlSign, processHexId, data: guarded.data, brand };
}
