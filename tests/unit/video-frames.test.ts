import { describe, expect, it } from "vitest";
import { framesShowing } from "@/lib/evidence/video-frames";

// Which recorded frames the liveness judge reads for the moments it asks for (lib/evidence/video-frames.ts).
describe("the frames that show the moments asked for (framesShowing)", () => {
  const everyTenth = Array.from({ length: 40 }, (_, i) => Math.round(i * 100) / 1000);

  it("takes for each moment the first frame at or after it, by the frame's own time", () => {
    expect(framesShowing([0, 0.25, 1.3], everyTenth, 4)).toEqual([0, 0.3, 1.3]);
    // Asked out of order or twice: in order, once.
    expect(framesShowing([1.3, 0, 1.3], everyTenth, 4)).toEqual([0, 1.3]);
  });

  it("names one frame once when a phone recorded nothing for a moment and several moments fall in that gap", () => {
    // Nothing recorded between 0.9 s and 2.6 s (a busy phone).
    const gap = [...everyTenth.filter((t) => t < 1 || t > 2.5)];
    expect(framesShowing([0.5, 1.2, 1.6, 2.0, 2.7], gap, 4)).toEqual([0.5, 2.6, 2.7]);
  });

  it("takes nothing past the end of the recording or its last frame", () => {
    expect(framesShowing([3.95, 5], everyTenth, 4)).toEqual([]);
    expect(framesShowing([3.85], everyTenth, 4)).toEqual([3.9]);
    expect(framesShowing([-1], everyTenth, 4)).toEqual([0]);
  });
});
