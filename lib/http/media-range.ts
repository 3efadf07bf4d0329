import { NextResponse } from "next/server";

// Stored recordings for staff are answered whole or in the byte range a player asks for (RFC 9110 §14): a <video>
// element seeks by asking for ranges, and Chromium cannot seek in a recording whose server ignores them.

/** The one byte range `Range: bytes=a-b` (or `bytes=a-`, `bytes=-n`) asks of `length` bytes; null for the whole file. */
export function requestedRange(header: string | null, length: number): { start: number; end: number } | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || length === 0 || (match[1] === "" && match[2] === "")) return null;
  const [from, to] = [match[1]!, match[2]!];
  if (from === "") {
    const suffix = Number(to);
    return suffix > 0 ? { start: Math.max(0, length - suffix), end: length - 1 } : null;
  }
  const start = Number(from);
  const end = to === "" ? length - 1 : Math.min(Number(to), length - 1);
  // A range past the end or backwards is not served as a range: the whole file is (a server may ignore Range).
  return start < length && start <= end ? { start, end } : null;
}

/** A stored media file: 206 with the asked range, or 200 with all of it; both say ranges are accepted. */
export function mediaAnswer(request: Request, bytes: Uint8Array, headers: Record<string, string>): NextResponse {
  const range = requestedRange(request.headers.get("range"), bytes.byteLength);
  const common = { ...headers, "accept-ranges": "bytes" };
  if (!range) return new NextResponse(Buffer.from(bytes), { headers: { ...common, "content-length": String(bytes.byteLength) } });
  const part = bytes.subarray(range.start, range.end + 1);
  return new NextResponse(Buffer.from(part), {
    status: 206,
    headers: {
      ...common,
      "content-length": String(part.byteLength),
      "content-range": `bytes ${range.start}-${range.end}/${bytes.byteLength}`,
    },
  });
}
