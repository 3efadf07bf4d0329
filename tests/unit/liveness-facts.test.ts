import { describe, expect, it } from "vitest";
import { livenessFacts } from "@/lib/evidence/liveness-facts";

// What staff see of a liveness check (lib/evidence/liveness-facts.ts), read back from what the judge kept.

describe("the liveness facts staff see", () => {
  it("gives every judged frame in order with its measurements, and the ID photo comparison with the capture's hex id", () => {
    const facts = livenessFacts({
      frames: [
        { atMs: 1000, faces: 1, score: 0.99, distance: 0.31, yaw: 0.01, mouth: 0.05 },
        { atMs: 3300, faces: 0, score: null, distance: null, yaw: null, mouth: null },
      ],
      idPhoto: { evidence: "a1b2c3", distance: 0.44, threshold: 0.5, matched: true },
    });
    expect(facts).toEqual({
      judgedFrames: [
        { atMs: 1000, faces: 1, score: 0.99, distance: 0.31, yaw: 0.01, mouth: 0.05 },
        { atMs: 3300, faces: 0, score: null, distance: null, yaw: null, mouth: null },
      ],
      idPhoto: { evidenceHexId: "a1b2c3", distance: 0.44, threshold: 0.5, matched: true },
    });
  });

  it("reads what older checks kept without failing: frames without a moment are left out, missing measures are null", () => {
    expect(livenessFacts({ frames: [{ distance: 0.42 }, { atMs: 500, faces: 1, distance: 0.4 }] })).toEqual({
      judgedFrames: [{ atMs: 500, faces: 1, score: null, distance: 0.4, yaw: null, mouth: null }],
      idPhoto: null,
    });
    expect(livenessFacts(undefined)).toEqual({ judgedFrames: [], idPhoto: null });
    expect(livenessFacts({ frames: "x", idPhoto: { matched: "yes" } })).toEqual({ judgedFrames: [], idPhoto: null });
  });
});
