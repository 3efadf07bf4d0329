import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as checkRoute } from "@/app/api/validateDocs/[signatureHexId]/check/route";
import { db } from "@/lib/db/client";
import { checkUploadLimitBytes, publicValidation } from "@/lib/documents/public-validation";
import { closeProducers } from "@/lib/queue/enqueue";
import { runJob } from "@/workers/registry";
import { randomHex } from "@/lib/security/random";
import { resetRateLimit } from "@/lib/security/rate-limit";
import { rateLimits } from "@/lib/security/rate-limits";
import { storage } from "@/lib/storage";
import { createTestOrganization, type TestOrganization } from "../support/fixtures";
import { createSentShipment, signStep } from "../support/signing";
import { clientAddressHeaders, sendRequest } from "../support/http";

let org: TestOrganization;
let sealedHexId: string;
let sealedBytes: Uint8Array;
let signerNames: string[];
let pendingHexId: string;

const sign = signStep;

/** The public check as a browser posts it: multipart with the PDF in `file`, from a given address. */
async function check(signatureHexId: string, bytes: Uint8Array | null, ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}`) {
  const form = new FormData();
  if (bytes) form.set("file", new Blob([Buffer.from(bytes)], { type: "application/pdf" }), "copia.pdf");
  const request = new NextRequest(`http://127.0.0.1:3000/api/validateDocs/${signatureHexId}/check`, {
    method: "POST",
    body: form,
    headers: { ...clientAddressHeaders(ip), "accept-language": "es-ES" },
  });
  const response = await sendRequest(checkRoute, request);
  return {
    status: response.status,
    body: (await response.json()) as { identical?: boolean; certificate?: boolean; errorCode?: string; message?: string },
  };
}

beforeAll(async () => {
  org = await createTestOrganization();
  const { document, signers } = await createSentShipment(org.organization.id, { signers: [{}, {}], steps: ["SIGNATURE"] });
  for (const signer of signers) expect((await sign(signer.hexId, signer.secret!)).body.finished).toBe(true);
  expect(await runJob("signing.seal-document", { documentId: document.id })).toEqual({ sealed: 1 });
  sealedHexId = document.hexId;
  sealedBytes = await storage().get((await db.documentFile.findFirstOrThrow({ where: { documentId: document.id } })).signedStorageKey!);
  signerNames = signers.map((s) => `${s.firstName} ${s.lastName}`);
  const pending = await createSentShipment(org.organization.id, { signers: [{}], steps: ["SIGNATURE"] });
  pendingHexId = pending.document.hexId;
});

afterAll(async () => {
  await closeProducers();
});

describe("public verification of a sealed shipment", () => {
  it("says whether an uploaded PDF is byte for byte the sealed file", async () => {
    const same = await check(sealedHexId, sealedBytes);
    expect(same.status).toBe(200);
    expect(same.body.identical).toBe(true);

    // The audit certificate, a sealed PDF of its own, is recognised too.
    const { certificateStorageKey } = await db.document.findUniqueOrThrow({ where: { hexId: sealedHexId } });
    const certificate = await check(sealedHexId, await storage().get(certificateStorageKey!));
    expect(certificate.body).toMatchObject({ identical: true, certificate: true });
    expect(same.body).toMatchObject({ certificate: false });

    // One byte appended (a re-saved or tampered copy) is a different file.
    const altered = new Uint8Array([...sealedBytes, 0x0a]);
    const different = await check(sealedHexId, altered);
    expect(different.status).toBe(200);
    expect(different.body.identical).toBe(false);
  });

  it("asks for a file when none is sent", async () => {
    const none = await check(sealedHexId, null);
    expect(none.status).toBe(400);
    expect(none.body.errorCode).toBe("VALIDATION_FILE_REQUIRED");
  });

  it("refuses a file over the size limit without hashing it", async () => {
    const limit = await checkUploadLimitBytes();
    const big = await check(sealedHexId, new Uint8Array(limit + 1));
    expect(big.status).toBe(413);
    expect(big.body.errorCode).toBe("VALIDATION_FILE_TOO_LARGE");
  });

  it("answers not found for an unknown id and not available for a shipment not yet completed and sealed", async () => {
    expect((await check(randomHex(16), sealedBytes)).status).toBe(404);
    expect((await check("no-es-un-id", sealedBytes)).status).toBe(404);
    const pending = await check(pendingHexId, sealedBytes);
    expect(pending.status).toBe(409);
    expect(pending.body.errorCode).toBe("VALIDATION_NOT_AVAILABLE");
    expect((await publicValidation(pendingHexId)).state).toBe("not-available");
    expect((await publicValidation(randomHex(16))).state).toBe("not-found");
  });

  it("limits how often one address may check", async () => {
    const ip = `192.0.2.${Math.floor(Math.random() * 250) + 1}`;
    await resetRateLimit(rateLimits.validateDocsCheckIp, ip);
    const small = new Uint8Array([0x25, 0x50, 0x44, 0x46]);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await check(sealedHexId, small, ip)).status);
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Another address is not affected.
    expect((await check(sealedHexId, sealedBytes)).body.identical).toBe(true);
  });

  it("shows names, signing times, evidence hashes, the audit trail with its chain verdict and the PDF's signatures, and no contact data", async () => {
    const result = await publicValidation(sealedHexId);
    expect(result.state).toBe("available");
    if (result.state !== "available") return;
    const { validation } = result;
    expect(validation.signers.map((s) => s.name)).toEqual(signerNames);
    expect(validation.signers.every((s) => s.signedAt instanceof Date && s.evidences.length > 0)).toBe(true);
    expect(validation.brokenAt).toBeNull();
    expect(validation.events.map((e) => e.type)).toContain("document.sealed");
    // The sealed PDF's fields: both signers and the organisation's seal, with their names.
    const signatures = validation.files[0]!.signatures;
    expect(signatures.map((s) => s.field).sort()).toHaveLength(3);
    expect(signatures.map((s) => s.name)).toEqual(expect.arrayContaining([...signerNames, org.organization.name]));
    expect(signatures.every((s) => s.signedAt instanceof Date)).toBe(true);
    // The audit certificate's own seal.
    expect(validation.certificate?.signatures.map((s) => [s.field, s.name])).toEqual([
      [`SelloCertificado_${sealedHexId}`, org.organization.name],
    ]);
    const serialized = JSON.stringify(validation);
    const signers = await db.signer.findMany({ where: { document: { hexId: sealedHexId } } });
    for (const signer of signers) {
      expect(serialized).not.toContain(signer.email!);
      if (signer.ip) expect(serialized).not.toContain(signer.ip);
    }

    // A tampered trail is reported as broken.
    const document = await db.document.findUniqueOrThrow({ where: { hexId: sealedHexId } });
    const first = await db.auditEvent.findFirstOrThrow({ where: { documentId: document.id }, orderBy: { sequence: "asc" } });
    await db.auditEvent.update({ where: { id: first.id }, data: { type: `${first.type}.edited` } });
    try {
      const tampered = await publicValidation(sealedHexId);
      expect(tampered.state === "available" && tampered.validation.brokenAt).toBe(first.sequence);
    } finally {
      await db.auditEvent.update({ where: { id: first.id }, data: { type: first.type } });
    }
  });
});
