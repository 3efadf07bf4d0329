import { describe, expect, it } from "vitest";
import { requestedRange } from "@/lib/http/media-range";

// The byte range a player asks of a stored recording (lib/http/media-range.ts).

describe("the byte range a player asks for", () => {
  it("reads a-b, a- and -n within the file, clipping the end to its last byte", () => {
    expect(requestedRange("bytes=0-99", 1000)).toEqual({ start: 0, end: 99 });
    expect(requestedRange("bytes=900-", 1000)).toEqual({ start: 900, end: 999 });
    expect(requestedRange("bytes=990-5000", 1000)).toEqual({ start: 990, end: 999 });
    expect(requestedRange("bytes=-10", 1000)).toEqual({ start: 990, end: 999 });
    expect(requestedRange("bytes=-5000", 1000)).toEqual({ start: 0, end: 999 });
  });

  it("answers the whole file for no range, several ranges, a range past the end, a backwards one or nonsense", () => {
    for (const header of [null, "bytes=0-1,5-9", "bytes=1000-", "bytes=50-10", "bytes=-0", "bytes=-", "items=0-1", "bytes=a-b"])
      expect(requestedRange(header, 1000), String(header)).toBeNull();
    expect(requestedRange("bytes=0-1", 0)).toBeNull();
  });
});
