import { NextResponse } from "next/server";
import { checkUploadLimitBytes } from "@/lib/documents/public-validation";
import { AppError } from "@/lib/errors/app-error";
import { multipartEnvelopeBytes, readUploadForm } from "@/lib/http/read-form";
import { checkPublicPdf } from "@/lib/validation-process/certificate-verification";
import { endpoint } from "@/lib/http/endpoint";
import { publicFileOperations } from "@/lib/openapi/operations/public-files";

/**
 * POST /api/validateDocs/{signatureHexId}/check, multipart `file` (a PDF): public. Answers
 * `{ identical, sha256, fileName }`: whether the upload is byte for byte the sealed file (or, for a validation
 * certificate's id, the sealed validation certificate).
 */
export const POST = endpoint(publicFileOperations.checkPublicPdf, async (request, { params: { signatureHexId } }) => {
  const limit = await checkUploadLimitBytes();
  const tooLarge = () => new AppError("VALIDATION_FILE_TOO_LARGE", { mb: Math.round(limit / 1024 / 1024) });
  const form = await readUploadForm(request, limit + multipartEnvelopeBytes, {
    tooLarge,
    invalid: () => new AppError("VALIDATION_FILE_REQUIRED"),
  });
  const file = form.get("file");
  if (!(file instanceof Blob) || file.size === 0) throw new AppError("VALIDATION_FILE_REQUIRED");
  if (file.size > limit) throw tooLarge();
  return NextResponse.json(await checkPublicPdf(signatureHexId, new Uint8Array(await file.arrayBuffer())));
});
