import { NextResponse } from "next/server";
import { apiRoute, requestLocale, requireAuth } from "@/lib/http/api";
import { localizeBatchErrors } from "@/lib/documents/batch/error-messages";
import { previewBatchImport } from "@/lib/documents/batch/preview-batch-import";
import { readBatchForm } from "@/lib/documents/batch/read-batch";

/** POST multipart/form-data, as /api/documents/batch: the shipments the file describes and each row's errors; nothing is saved. */
export const POST = apiRoute(async (request) => {
  const context = await requireAuth(request, { kind: "privilege", module: "DOCUMENTO", action: "IMPORT" });
  const preview = await previewBatchImport(context, await readBatchForm(request));
  const locale = requestLocale(request);
  return NextResponse.json({ ...preview, rows: preview.rows.map((row) => ({ ...row, errors: localizeBatchErrors(row.errors, locale) })) });
});
