import { describe, expect, it } from "vitest";
import type { DetectedFace } from "@/lib/face/face-engine";
import { livenessVerdict, minMatchedFrames } from "@/lib/evidence/liveness-check";

// The decision on a recording's six frames (lib/evidence/liveness-check.ts), with faces built by hand:
// a descriptor whose first number sets the distance to the target, a box and 68 landmarks.
const target: DetectedFace = face(0, 100, 0);

function face(distance: number, x: number, mouth: number): DetectedFace {
  const descriptor = new Float32Array(128);
  descriptor[0] = distance;
  const box = { x, y: 100, width: 120, height: 140 };
  // The mouth's points (48-67) open by `mouth` pixels; the rest keep their place in the box.
  const landmarks = Array.from({ length: 68 }, (_, i) => ({
    x: box.x + 10 + (i % 10) * 10,
    y: box.y + 10 + Math.floor(i / 10) * 15 + (i >= 48 ? mouth : 0),
  }));
  return { score: 0.99, box, descriptor, landmarks };
}

const frames = (...faces: (DetectedFace | DetectedFace[] | null)[]) =>
  faces.map((f) => ({ faces: f === null ? [] : Array.isArray(f) ? f : [f] }));
const moving = (distance: number) => frames(...[0, 1, 2, 3, 4, 5].map((i) => face(distance, 100 + i * 6, (i % 2) * 8)));

describe("the liveness verdict", () => {
  it("passes the signer's face moving through every frame", () => {
    const verdict = livenessVerdict(moving(0.3), target, 0.5);
    expect(verdict).toMatchObject({ check: "VERIFIED", reason: null, reasons: [], matchedFrames: 6, movement: { moving: true } });
    expect(verdict.frames).toHaveLength(6);
  });

  it("sends a face that does not move (a still photo) to review", () => {
    const still = frames(...Array.from({ length: 6 }, () => face(0.3, 100, 0)));
    expect(livenessVerdict(still, target, 0.5)).toMatchObject({
      check: "IN_REVIEW",
      reasons: ["LOW_MOVEMENT"],
      movement: { moving: false, boxShift: 0, shapeChange: 0 },
    });
    // A photo slid in front of the camera: the box moves, the face's shape does not.
    const slid = frames(...[0, 1, 2, 3, 4, 5].map((i) => face(0.3, 100 + i * 10, 0)));
    expect(livenessVerdict(slid, target, 0.5)).toMatchObject({ check: "IN_REVIEW", reasons: ["LOW_MOVEMENT"] });
  });

  it("fails with no face at all, with only several faces, and with another person", () => {
    expect(livenessVerdict(frames(null, null, null, null, null, null), target, 0.5)).toMatchObject({
      check: "FAILED",
      reason: "FACE_NOT_IDENTIFIED",
    });
    const crowd = [face(0.3, 100, 0), face(0.3, 300, 0)];
    expect(livenessVerdict(frames(crowd, crowd, crowd, crowd, crowd, crowd), target, 0.5)).toMatchObject({
      check: "FAILED",
      reason: "MORE_THAN_ONE_FACE",
    });
    expect(livenessVerdict(moving(0.8), target, 0.5)).toMatchObject({ check: "FAILED", reason: "FACE_MISMATCH", matchedFrames: 0 });
  });

  it("passes with a frame or two looking away, and sends too few matched frames or a second face to review", () => {
    const all = moving(0.3);
    const away = [...all.slice(0, 4), { faces: [] }, all[5]!];
    expect(livenessVerdict(away, target, 0.5)).toMatchObject({ check: "VERIFIED", reasons: ["FRAMES_WITHOUT_FACE"], matchedFrames: 5 });
    const mixed = [...moving(0.3).slice(0, minMatchedFrames - 1), ...moving(0.8).slice(minMatchedFrames - 1)];
    expect(livenessVerdict(mixed, target, 0.5)).toMatchObject({ check: "IN_REVIEW", reasons: ["FEW_MATCHED_FRAMES"] });
    const second = [...all.slice(0, 5), { faces: [face(0.3, 130, 0), face(0.9, 400, 0)] }];
    expect(livenessVerdict(second, target, 0.5)).toMatchObject({ check: "IN_REVIEW", reasons: ["FRAMES_WITH_SEVERAL_FACES"] });
  });
});
