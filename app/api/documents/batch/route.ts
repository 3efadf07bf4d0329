import { NextResponse } from "next/server";
import { assertAllowed } from "@/lib/auth/context";
import { AppError } from "@/lib/errors/app-error";
import { errorResponse, requestLocale } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { commitBatchImport } from "@/lib/documents/batch/commit-batch-import";
import { localizeBatchErrors } from "@/lib/documents/batch/error-messages";
import { readBatchForm } from "@/lib/documents/batch/read-batch";
import { endpoint } from "@/lib/http/endpoint";
import { batchImportOperations } from "@/lib/openapi/operations/batch-import";

/**
 * POST multipart/form-data: `sheet` (CSV or XLSX, one row per signer), the PDFs as `files`, and
 * `send` (true|false). Every shipment is created (and sent when asked) or none is: any row with an
 * error answers 422 with every row's errors in the caller's language.
 */
export const POST = endpoint(batchImportOperations.commitBatchImport, async (request, { context }) => {
  const upload = await readBatchForm(request);
  // Sending is what /prepare-document's send needs too.
  if (upload.send) assertAllowed(context, { kind: "privilege", module: "DOCUMENTO", action: "CREATE" });
  const result = await commitBatchImport(context, upload, requestMeta(request.headers).ip);
  if (!result.ok) {
    const locale = requestLocale(request);
    const errors = localizeBatchErrors(result.errors, locale);
    return errorResponse(new AppError("BATCH_IMPORT_INVALID_ROWS", { invalid: new Set(errors.map((e) => e.row)).size }), locale, {
      errors,
    });
  }
  return NextResponse.json({ sent: result.sent, created: result.shipments.length, shipments: result.shipments }, { status: 201 });
});
