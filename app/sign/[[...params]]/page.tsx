import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { type CatchAllProps, namedSegments, processParams } from "@/components/layout/route-params";
import { requestMeta } from "@/lib/http/request";
import { linkErrorPath } from "@/lib/signing/link-state";
import { openSignerLink } from "@/lib/signing/open-link";

/**
 * /sign/{urlSign?}/{processHexId?}: the link signers receive. Opening it counts a use, starts the
 * process and leads to the signature home-page; an ended link leads to its state's page.
 */
export default async function SignPage({ params }: CatchAllProps) {
  const { urlSign, processHexId } = namedSegments((await params).params, processParams);
  if (!urlSign || !processHexId) redirect(linkErrorPath("UNKNOWN", "UNKNOWN"));
  const opened = await openSignerLink(processHexId, urlSign, requestMeta(await headers()));
  redirect(opened.redirect);
}
