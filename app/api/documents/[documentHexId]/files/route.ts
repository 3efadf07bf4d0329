import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { AppError } from "@/lib/errors/app-error";
import { uploadDraftFile } from "@/lib/documents/upload-draft-file";
import { getConfigNumber } from "@/lib/config/values";
import { multipartEnvelopeBytes, readUploadForm } from "@/lib/http/read-form";
import { endpoint } from "@/lib/http/endpoint";
import { shipmentOperations } from "@/lib/openapi/operations/shipments";

// One file per request, so the browser can show each upload's progress.
export const POST = endpoint(shipmentOperations.uploadDraftFile, async (request, { context, params: { documentHexId } }) => {
  const maxMb = await getConfigNumber(context.organizationId, "max_upload_mb");
  const form = await readUploadForm(request, maxMb * 1024 * 1024 + multipartEnvelopeBytes, {
    tooLarge: () => new AppError("SHIPMENT_FILE_TOO_LARGE", { max: `${maxMb} MB` }),
    invalid: () => new AppError("VALIDATION_FAILED"),
  });
  const file = form.get("file");
  if (!(file instanceof File)) throw new AppError("SHIPMENT_FILE_REQUIRED");
  const fields = { fileName: file.name, documentTypeHexId: form.get("documentTypeHexId") ?? null };
  return NextResponse.json(await uploadDraftFile(context, documentHexId, file, fields, requestMeta(request.headers).ip), { status: 201 });
});
