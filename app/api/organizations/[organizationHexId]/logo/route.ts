import { organizationLogo } from "@/lib/organizations/organization-logo";
import { endpoint } from "@/lib/http/endpoint";
import { organizationOperations } from "@/lib/openapi/operations/organizations";

/**
 * Public: mail clients and signer pages load it without credentials. Caches keep it an hour (the
 * default logo too, so an organisation's new logo replaces it within the hour) and then revalidate
 * by ETag.
 */
export const GET = endpoint(organizationOperations.getOrganizationLogo, async (request, { params: { organizationHexId } }) => {
  const logo = await organizationLogo(organizationHexId);
  const headers = {
    etag: logo.etag,
    "cache-control": "public, max-age=3600",
    "x-content-type-options": "nosniff",
    // An SVG opened on its own cannot run scripts or load anything.
    "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  };
  const match = request.headers.get("if-none-match");
  if (match && match.split(",").some((tag) => tag.trim().replace(/^W\//, "") === logo.etag))
    return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(logo.bytes), {
    headers: { ...headers, "content-type": logo.contentType, "content-length": String(logo.bytes.byteLength) },
  });
});
