import { NextResponse } from "next/server";
import { AppError } from "@/lib/errors/app-error";
import { apiRoute, requireAuth } from "@/lib/http/api";
import { multipartEnvelopeBytes, readUploadForm } from "@/lib/http/read-form";
import { requestMeta } from "@/lib/http/request";
import { removeOrganizationLogo, setOrganizationLogo } from "@/lib/organizations/profile";
import { logoLimits } from "@/lib/organizations/profile-schemas";

/** POST multipart/form-data `file`: the organisation's logo (PNG, JPEG, GIF or WebP, up to 2 MB), stored re-encoded as PNG. */
export const POST = apiRoute(async (request) => {
  const context = await requireAuth(request, { kind: "privilege", module: "ORGANIZACION", action: "UPDATE" });
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
export const DELETE = apiRoute(async (request) => {
  const context = await requireAuth(request, { kind: "privilege", module: "ORGANIZACION", action: "UPDATE" });
  return NextResponse.json(await removeOrganizationLogo(context, requestMeta(request.headers).ip));
});
