import { redirect } from "next/navigation";
import { type CatchAllProps, namedSegments, processParams, routePath } from "@/components/layout/route-params";

/** /sign/{urlSign?}/{processHexId?}: the link signers receive, redirected to the signature home-page with its params. */
export default async function SignPage({ params }: CatchAllProps) {
  const { urlSign, processHexId } = namedSegments((await params).params, processParams);
  redirect(routePath("signature-process", "home-page", urlSign, processHexId));
}
