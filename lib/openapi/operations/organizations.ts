import { hexIdPath, operationGroup } from "./common";

export const organizationOperations = operationGroup(
  "Organisations",
  "public",
)([
  {
    method: "get",
    path: "/api/organizations/{orgHexId}/logo",
    operationId: "getOrganizationLogo",
    summary: "The organisation's logo, or Rúbrica's when it has none",
    description: "Public: invitation mails and signer pages show it. Cached for an hour, then revalidated with If-None-Match (304).",
    pathParams: hexIdPath("orgHexId", "The organisation's hexId"),
    responses: {
      200: {
        description: "The image",
        files: ["image/png", "image/jpeg", "image/gif", "image/webp", "image/svg+xml"],
        headers: { ETag: "Changes when the logo does", "Cache-Control": "public, max-age=3600" },
      },
      304: { description: "Not modified since the ETag sent in If-None-Match" },
    },
  },
]);
