import type { AppError } from "@/lib/errors/app-error";

/** The bytes of a body, read until it ends or passes `maxBytes` (then the stream is cancelled and `tooLarge` thrown). */
export async function readLimitedBody(
  stream: ReadableStream<Uint8Array>,
  maxBytes: number,
  errors: { tooLarge: () => AppError; invalid: () => AppError },
): Promise<Uint8Array> {
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
