import { NextResponse } from "next/server";
import { requestLocale } from "@/lib/http/api";
import { localizeBatchErrors } from "@/lib/documents/batch/error-messages";
import { previewBatchImport } from "@/lib/documents/batch/preview-batch-import";
import { readBatchForm } from "@/lib/documents/batch/read-batch";
import { endpoint } from "@/lib/http/endpoint";
import { batchImportOperations } from "@/lib/openapi/operations/batch-import";

/** POST multipart/form-data, as /api/documents/batch: the shipments the file describes and each row's errors; nothing is saved. */
export const POST = endpoint(batchImportOperations.previewBatchImport, async (request, { context }) => {
  const preview = await previewBatchImport(context, await readBatchForm(request));
  const locale = requestLocale(request);
  return NextResponse.json({ ...preview, rows: preview.rows.map((row) => ({ ...row, errors: localizeBatchErrors(row.errors, locale) })) });
});
