import { NextResponse } from "next/server";
import { AppError } from "@/lib/errors/app-error";
import { multipartEnvelopeBytes, readUploadForm } from "@/lib/http/read-form";
import { requestMeta } from "@/lib/http/request";
import { removeOrganizationLogo, setOrganizationLogo } from "@/lib/organizations/profile";
import { logoLimits } from "@/lib/organizations/profile-schemas";
import { endpoint } from "@/lib/http/endpoint";
import { organizationProfileOperations } from "@/lib/openapi/operations/organization-profile";

/** POST multipart/form-data `file`: the organisation's logo (PNG, JPEG, GIF or WebP, up to 2 MB), stored re-encoded as PNG. */
export const POST = endpoint(organizationProfileOperations.uploadOrganizationLogo, async (request, { context }) => {
  const tooLarge = () => new AppError("ORG_LOGO_TOO_LARGE", { mb: logoLimits.maxBytes / 1024 / 1024 });
  const form = await readUploadForm(request, logoLimits.maxBytes + multipartEnvelopeBytes, {
    tooLarge,
    invalid: () => new AppError("ORG_LOGO_REQUIRED"),
  });
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) throw new AppError("ORG_LOGO_REQUIRED");
  if (file.size > logoLimits.maxBytes) throw tooLarge();
  const bytes = new Uint8Array(await file.arrayBuffer());
  return NextResponse.json(await setOrganizationLogo(context, bytes, requestMeta(request.headers).ip));
});

/** DELETE: back to Rúbrica's logo. */
export const DELETE = endpoint(organizationProfileOperations.deleteOrganizationLogo, async (request, { context }) => {
  return NextResponse.json(await removeOrganizationLogo(context, requestMeta(request.headers).ip));
});
