import { NextResponse } from "next/server";
import { AppError } from "@/lib/errors/app-error";
import { multipartEnvelopeBytes, readUploadForm } from "@/lib/http/read-form";
import { requestMeta } from "@/lib/http/request";
import { sealCertificateLimits } from "@/lib/organizations/profile-schemas";
import { deleteSealCertificate, getSealCertificate, setSealCertificate } from "@/lib/organizations/seal-certificate";
import { endpoint } from "@/lib/http/endpoint";
import { organizationProfileOperations } from "@/lib/openapi/operations/organization-profile";

/** The organisation's own seal certificate as it is shown (never the file, key or password); null when it has none. */
export const GET = endpoint(organizationProfileOperations.getSealCertificate, async (request, { context }) => {
  return NextResponse.json({ certificate: await getSealCertificate(context.organizationId) });
});

/** PUT multipart/form-data: `file` (PKCS#12, .p12/.pfx) and `password`. Replaces any earlier certificate. */
export const PUT = endpoint(organizationProfileOperations.uploadSealCertificate, async (request, { context }) => {
  const tooLarge = () => new AppError("SEAL_CERT_TOO_LARGE", { kb: sealCertificateLimits.maxBytes / 1024 });
  const form = await readUploadForm(request, sealCertificateLimits.maxBytes + multipartEnvelopeBytes, {
    tooLarge,
    invalid: () => new AppError("SEAL_CERT_REQUIRED"),
  });
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) throw new AppError("SEAL_CERT_REQUIRED");
  if (file.size > sealCertificateLimits.maxBytes) throw tooLarge();
  const password = form.get("password");
  const view = await setSealCertificate(
    context,
    new Uint8Array(await file.arrayBuffer()),
    typeof password === "string" ? password : "",
    requestMeta(request.headers).ip,
  );
  return NextResponse.json({ certificate: view });
});

/** DELETE: the organisation's shipments are sealed with the platform's certificate again. */
export const DELETE = endpoint(organizationProfileOperations.deleteSealCertificate, async (request, { context }) => {
  await deleteSealCertificate(context, requestMeta(request.headers).ip);
  return NextResponse.json({ deleted: true });
});
