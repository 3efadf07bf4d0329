import { describe, expect, it } from "vitest";
import type { StepType } from "@/lib/db/generated/enums";
import { robustFaces } from "@/lib/face/face-engine";
import { faceComparisonOf } from "@/lib/evidence/face-comparison";

type Step = { position: number; type: StepType; compareWithPosition: number | null; compareTarget: string | null };

function flow(types: StepType[], selfie: Partial<Step> = {}): Step[] {
  return types.map((type, index) => ({
    position: index + 1,
    type,
    compareWithPosition: null,
    compareTarget: null,
    ...(type === "SELFIE" ? selfie : {}),
  }));
}

const selfieOf = (steps: Step[]) => steps.find((s) => s.type === "SELFIE")!;

describe("which selfie is compared with what (FlowStep.compareWithPosition / compareTarget)", () => {
  it("compares with the ID front of the step at compareWithPosition, or with an earlier selfie", () => {
    const steps = flow(["DATA_CONFIRM", "ID_PHOTO", "SELFIE", "SIGNATURE"], { compareWithPosition: 2 });
    expect(faceComparisonOf(selfieOf(steps), steps)).toEqual({ targetPosition: 2, targetKind: "ID_FRONT" });
    const twoSelfies: Step[] = [
      ...flow(["SELFIE", "SIGNATURE"]),
      { position: 3, type: "SELFIE", compareWithPosition: 1, compareTarget: null },
    ];
    expect(faceComparisonOf(twoSelfies[2]!, twoSelfies)).toEqual({ targetPosition: 1, targetKind: "SELFIE" });
  });

  it("takes the nearest earlier ID photo for compareTarget ID_FRONT", () => {
    const steps = flow(["ID_PHOTO", "DATA_CONFIRM", "ID_PHOTO", "SELFIE"], { compareTarget: "ID_FRONT" });
    expect(faceComparisonOf(selfieOf(steps), steps)).toEqual({ targetPosition: 3, targetKind: "ID_FRONT" });
  });

  it("fails closed when the flow names no usable earlier step, instead of skipping the check", () => {
    const later = flow(["SELFIE", "ID_PHOTO", "SIGNATURE"], { compareWithPosition: 2 });
    expect(faceComparisonOf(selfieOf(later), later)).toEqual({ targetPosition: null, targetKind: "ID_FRONT" });
    const noId = flow(["SELFIE", "SIGNATURE"], { compareTarget: "ID_FRONT" });
    expect(faceComparisonOf(selfieOf(noId), noId)).toEqual({ targetPosition: null, targetKind: "ID_FRONT" });
  });

  it("asks for no face check without a comparison, for REGISTRY, and on other steps", () => {
    const none = flow(["ID_PHOTO", "SELFIE", "SIGNATURE"]);
    expect(faceComparisonOf(selfieOf(none), none)).toBeNull();
    const registry = flow(["ID_PHOTO", "SELFIE"], { compareTarget: "REGISTRY" });
    expect(faceComparisonOf(selfieOf(registry), registry)).toBeNull();
    const other: Step[] = [...flow(["ID_PHOTO"]), { position: 2, type: "FINGERPRINT", compareWithPosition: 1, compareTarget: null }];
    expect(faceComparisonOf(other[1]!, other)).toBeNull();
  });

  it("compares a VIDEO step's face too (its liveness check), with the same rules as a selfie", () => {
    const video: Step[] = [...flow(["ID_PHOTO", "SELFIE"]), { position: 3, type: "VIDEO", compareWithPosition: 1, compareTarget: null }];
    expect(faceComparisonOf(video[2]!, video)).toEqual({ targetPosition: 1, targetKind: "ID_FRONT" });
    const bySelfie: Step[] = [
      ...flow(["ID_PHOTO", "SELFIE"]),
      { position: 3, type: "VIDEO", compareWithPosition: null, compareTarget: "SELFIE" },
    ];
    expect(faceComparisonOf(bySelfie[2]!, bySelfie)).toEqual({ targetPosition: 2, targetKind: "SELFIE" });
    const plain: Step[] = [...flow(["SELFIE"]), { position: 2, type: "VIDEO", compareWithPosition: null, compareTarget: null }];
    expect(faceComparisonOf(plain[1]!, plain)).toBeNull();
  });
});

describe("which detections count as faces", () => {
  const face = (score: number, side: number) => ({ score, box: { x: 0, y: 0, width: side, height: side } });

  it("keeps a second face of comparable size, so two people are two faces", () => {
    expect(robustFaces([face(0.93, 240), face(0.99, 190)]).faces).toHaveLength(2);
  });

  it("counts a weak second face beside a clearly dominant one: a second person half turned away (issue 14)", () => {
    const { faces, ignored } = robustFaces([face(0.97, 260), face(0.64, 200), face(0.55, 90)]);
    expect(faces).toHaveLength(3);
    expect(ignored).toEqual([]);
  });

  it("counts a small face behind the person, and sets aside only what is too small to be anyone", () => {
    // A face at a sixth of the main one's width (a person a few metres behind) counts.
    expect(robustFaces([face(0.99, 266), face(0.6, 45)]).faces).toHaveLength(2);
    // kim1_crop.jpg's false patch: 22 px beside a 241 px face; and a 20 px detection beside a 120 px face.
    expect(robustFaces([face(0.97, 241), face(0.64, 22)]).ignored).toEqual([face(0.64, 22)]);
    expect(robustFaces([face(0.97, 120), face(0.9, 20)]).faces).toEqual([face(0.97, 120)]);
    // Under the ratio though above the absolute floor: 28 px beside 260 px (0.11).
    expect(robustFaces([face(0.97, 260), face(0.9, 28)]).faces).toHaveLength(1);
  });

  it("takes the best scored face as the main one, whatever its size", () => {
    const { faces } = robustFaces([face(0.55, 400), face(0.99, 180)]);
    expect(faces[0]).toEqual(face(0.99, 180));
    expect(faces).toHaveLength(2);
  });

  it("finds nothing in nothing", () => {
    expect(robustFaces([])).toEqual({ faces: [], ignored: [] });
  });
});
