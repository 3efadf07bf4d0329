import { AppError } from "@/lib/errors/app-error";
import { isCleanText } from "@/lib/validation/text";
import { unknownField } from "@/lib/validation/unknown-fields";
import { currentOperation } from "./current-operation";
import { readLimitedBody } from "./limited-body";
import { unknownFieldError } from "./unknown-field-error";

/** Room for the multipart envelope (boundaries, part headers, small text fields) around the files. */
export const multipartEnvelopeBytes = 64 * 1024;

export type FormErrors = { tooLarge: () => AppError; invalid: () => AppError };

/**
 * The multipart form of an upload, never more than `maxBytes` of it: a declared Content-Length
 * above the limit is refused before a byte is read, and a body that declares none (chunked) or
 * lies about it is cut off as soon as it passes the limit, so an oversized upload is not buffered
 * whole before its 413. Inside an endpoint, a field its descriptor's form does not declare is refused
 * (400 VALIDATION_FAILED naming it).
 */
export async function readUploadForm(request: Request, maxBytes: number, errors: FormErrors): Promise<FormData> {
  const declared = request.headers.get("content-length");
  if (declared !== null && !(Number(declared) <= maxBytes)) throw errors.tooLarge();
  if (request.body === null) throw errors.invalid();
  const body = await readLimitedBody(request.body, maxBytes, errors);
  const contentType = request.headers.get("content-type") ?? "";
  const form = await new Response(body as BlobPart, { headers: { "content-type": contentType } }).formData().catch(() => {
    throw errors.invalid();
  });
  // The text fields follow the rule of every text input (lib/validation/text.ts); file names are cleaned where stored.
  for (const [name, value] of form.entries()) {
    if (typeof value === "string" && !isCleanText(value)) throw new AppError("CONTROL_CHARACTER", { field: name });
  }
  // A field the operation's form does not declare is refused, as in a JSON body: a typo is no default.
  const declaredForm = currentOperation()?.body;
  if (declaredForm?.mediaType === "multipart/form-data") {
    const field = unknownField(declaredForm.schema, Object.fromEntries([...form.keys()].map((name) => [name, undefined])));
    if (field !== null) throw unknownFieldError(request, field);
  }
  return form;
}
