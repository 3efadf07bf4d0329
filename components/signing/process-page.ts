import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getConfigValue } from "@/lib/config/values";
import type { ProcessStatus } from "@/lib/db/generated/enums";
import { isAppError } from "@/lib/errors/app-error";
import { requestMeta } from "@/lib/http/request";
import { endedLinkPath, type LinkState, linkErrorPath } from "@/lib/signing/link-state";
import { signatureProcessOf, type SignatureProcessData } from "@/lib/signing/process-data";
import { signerByLink } from "@/lib/signing/signer-access";
import { processPagePath } from "@/lib/signing/steps";
import { namedSegments, processParams } from "@/components/layout/route-params";

export type Brand = { organizationName: string; organizationHexId: string; primary: string; secondary: string };

export type ProcessPage =
  | { live: true; urlSign: string; processHexId: string; data: SignatureProcessData; brand: Brand }
  | { live: false; urlSign: string; processHexId: string; state: LinkState; status: ProcessStatus; brand: Brand };

const colour = /^#[0-9a-fA-F]{3,8}$/;

/** ui_sign_color: "primary;secondary" (spec §3); anything that is not a colour falls back to ours. */
export function signColours(value: string | undefined): { primary: string; secondary: string } {
  const [primary, secondary] = (value ?? "").split(";").map((v) => v.trim());
  return {
    primary: primary && colour.test(primary) ? primary : "#0f766e",
    secondary: secondary && colour.test(secondary) ? secondary : "#14b8a6",
  };
}

/**
 * Everything a /signature-process page needs before it renders. A page names the ended states it
 * shows itself (full-process shows COMPLETED); any other ended state goes to /error, and a step
 * page that is not the signer's current step sends them to the one that is.
 */
export async function loadProcessPage(
  page: string,
  segments: string[] | undefined,
  options: { showsStates?: LinkState[]; stepPage?: boolean; names?: readonly string[] } = {},
): Promise<ProcessPage> {
  // Attempt pages take a third segment, {numberAttemps?}; the others refuse one.
  const { urlSign, processHexId } = namedSegments(segments, options.names ?? processParams) as { urlSign?: string; processHexId?: string };
  if (!urlSign || !processHexId) redirect(linkErrorPath("UNKNOWN", "UNKNOWN"));
  const ip = requestMeta(await headers()).ip;
  let found: Awaited<ReturnType<typeof signerByLink>>;
  try {
    found = await signerByLink(processHexId, urlSign, ip);
  } catch (error) {
    if (isAppError(error) && error.code === "INVALID_LINK") redirect(linkErrorPath("UNKNOWN", "UNKNOWN"));
    throw error;
  }
  const organization = found.signer.document.organization;
  const process = await signatureProcessOf(found);
  // A live process already read the capture configuration, colours included; an ended one reads them alone.
  const colours = process.result === 1 ? process.data.captureConfig.ui_sign_color : await getConfigValue(organization.id, "ui_sign_color");
  const brand: Brand = { organizationName: organization.name, organizationHexId: organization.hexId, ...signColours(colours) };
  if (process.result !== 1) {
    const state = process.linkState;
    if (!found.secretOk) redirect(linkErrorPath("UNKNOWN", state));
    if (!options.showsStates?.includes(state)) redirect(endedLinkPath(found.signer.status, state, urlSign, processHexId));
    return { live: false, urlSign, processHexId, state, status: found.signer.status, brand };
  }
  if (options.stepPage && process.data.nextPage !== page) redirect(processPagePath(process.data.nextPage, urlSign, processHexId));
  return { live: true, urlSign, processHexId, data: process.data, brand };
}
