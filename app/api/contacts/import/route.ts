import { NextResponse, type NextRequest } from "next/server";
import { requestLocale } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { multipartEnvelopeBytes, readUploadForm } from "@/lib/http/read-form";
import { AppError } from "@/lib/errors/app-error";
import { translator } from "@/lib/i18n/messages";
import { importTooLarge } from "@/lib/contacts/contact-file";
import { importLimits } from "@/lib/contacts/schemas";
import { commitContactImport } from "@/lib/contacts/commit-contact-import";
import { previewContactImport } from "@/lib/contacts/preview-contact-import";
import { endpoint } from "@/lib/http/endpoint";
import { contactOperations } from "@/lib/openapi/operations/contacts";

const maxRequestBytes = importLimits.maxBytes + multipartEnvelopeBytes;

async function uploadedFile(request: NextRequest) {
  const form = await readUploadForm(request, maxRequestBytes, {
    tooLarge: importTooLarge,
    invalid: () => new AppError("CONTACT_IMPORT_FILE"),
  });
  const file = form.get("file");
  if (!(file instanceof File)) throw new AppError("CONTACT_IMPORT_FILE", { field: "file" });
  return {
    mode: form.get("mode") === "commit" ? "commit" : "preview",
    file: { fileName: file.name, bytes: Buffer.from(await file.arrayBuffer()) },
  };
}

/**
 * POST multipart/form-data with `file` (CSV or XLSX) and `mode`: "preview" checks every row and
 * answers each row's errors in the caller's language; "commit" imports all rows or none.
 */
export const POST = endpoint(contactOperations.importContacts, async (request, { context }) => {
  const { mode, file } = await uploadedFile(request);
  if (mode === "commit")
    return NextResponse.json(await commitContactImport(context, file, requestMeta(request.headers).ip), { status: 201 });
  const preview = await previewContactImport(context, file);
  const t = translator(requestLocale(request), "errors");
  return NextResponse.json({
    ...preview,
    rows: preview.rows.map((row) => ({ ...row, errors: row.errors.map((e) => ({ ...e, message: t(e.errorCode) })) })),
  });
});
