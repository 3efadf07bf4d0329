import { AppError } from "@/lib/errors/app-error";

/** Room for the multipart envelope (boundaries, part headers, small text fields) around the files. */
export const multipartEnvelopeBytes = 64 * 1024;

type FormErrors = { tooLarge: () => AppError; invalid: () => AppError };

/**
 * The multipart form of an upload, never more than `maxBytes` of it: a declared Content-Length
 * above the limit is refused before a byte is read, and a body that declares none (chunked) or
 * lies about it is cut off as soon as it passes the limit, so an oversized upload is not buffered
 * whole before its 413.
 */
export async function readUploadForm(request: Request, maxBytes: number, errors: FormErrors): Promise<FormData> {
  const declared = request.headers.get("content-length");
  if (declared !== null && !(Number(declared) <= maxBytes)) throw errors.tooLarge();
  if (request.body === null) throw errors.invalid();
  const body = await readLimitedBody(request.body, maxBytes, errors);
  const contentType = request.headers.get("content-type") ?? "";
  return new Response(body as BlobPart, { headers: { "content-type": contentType } }).formData().catch(() => {
    throw errors.invalid();
  });
}

/** The bytes of a body, read until it ends or passes `maxBytes` (then the stream is cancelled and `tooLarge` thrown). */
export async function readLimitedBody(stream: ReadableStream<Uint8Array>, maxBytes: number, errors: FormErrors): Promise<Uint8Array> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read().catch(() => {
      throw errors.invalid();
    });
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      // Not awaited: a clone's branch of a tee settles its cancel only once the other branch is cancelled too.
      reader.cancel().catch(() => undefined);
      throw errors.tooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
