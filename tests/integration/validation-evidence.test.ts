import { beforeAll, describe, expect, it } from "vitest";
import { POST as geolocationRoute } from "@/app/api/signprocess/addSigneeGeolocation/route";
import { verifyAuditChain } from "@/lib/audit/audit-event";
import { db } from "@/lib/db/client";
import { checkIdentityRegistry } from "@/lib/evidence/registry-check";
import { importRegistry } from "@/lib/registry/import-registry";
import { randomHex, sha256Hex } from "@/lib/security/random";
import { storage } from "@/lib/storage";
import { validationRound } from "@/lib/validation-process/validation-access";
import { createTestOrganization, type TestOrganization } from "../support/fixtures";
import { call } from "../support/http";
import { createValidationFlow } from "../support/validation-review";

// The evidence pipeline (lib/evidence) serves a validation process as it serves a signer: its
// location and registry check hang from the ValidationProcess and go to its own audit trail.

let org: TestOrganization;

beforeAll(async () => {
  org = await createTestOrganization();
});

async function validationProcess(options: { obligatoryGeolocation?: boolean; identNumber?: string } = {}) {
  const flow = await createValidationFlow(org.organization.id, [{ type: "SELFIE" }], options);
  const secret = randomHex(16);
  const process = await db.validationProcess.create({
    data: {
      organizationId: org.organization.id,
      flowId: flow.id,
      urlSignHash: sha256Hex(secret),
      firstName: "Sujeto0",
      lastName: "Prueba",
      country: "ES",
      identType: "DNI",
      identNumber: options.identNumber ?? `${Math.floor(Math.random() * 90_000_000) + 10_000_000}V`,
      status: "IN_PROGRESS",
    },
  });
  return { process, secret };
}

const locate = (secret: string, body: unknown) =>
  call<{ result?: number; errorCode?: string; location?: Record<string, unknown> }>(
    geolocationRoute,
    "/api/signprocess/addSigneeGeolocation",
    {
      method: "POST",
      body,
      headers: { "x-url-sign": secret },
    },
  );

describe("a validation process's location (POST /api/signprocess/addSigneeGeolocation, process VALIDACION)", () => {
  it("is stored on the validation process and in its own audit trail; a wrong secret is an unknown link", async () => {
    const { process, secret } = await validationProcess();
    const body = {
      process: "VALIDACION",
      processHexId: process.hexId,
      geolocation: { timestamp: Date.now(), latitude: 40.4168, longitude: -3.7038, accuracy: 20 },
    };
    const answer = await locate(secret, body);
    expect(answer.status).toBe(200);
    expect(answer.body.location).toMatchObject({ latitude: 40.4168, longitude: -3.7038, accuracy: 20 });
    expect(await db.location.count({ where: { validationProcessId: process.id, processType: "VALIDACION" } })).toBe(1);
    const event = await db.auditEvent.findFirstOrThrow({ where: { validationProcessId: process.id, type: "subject.location" } });
    expect(event.payload).toMatchObject({ latitude: 40.4168, longitude: -3.7038 });
    expect(await verifyAuditChain(db, { validationProcessId: process.id })).toBeNull();

    const wrong = await locate(randomHex(16), body);
    expect(wrong.body.errorCode).toBe("INVALID_LINK");
    expect(await db.location.count({ where: { validationProcessId: process.id } })).toBe(1);
  });

  it("stops the process when its flow makes the location obligatory and the person denies it", async () => {
    const { process, secret } = await validationProcess({ obligatoryGeolocation: true });
    const denied = await locate(secret, {
      process: "VALIDACION",
      processHexId: process.hexId,
      geolocation: { timestamp: Date.now(), errorCode: 1, errorMessage: "User denied Geolocation" },
    });
    expect(denied.status).toBe(400);
    expect(denied.body.errorCode).toBe("LOCATION_DENIED");
    expect(await db.auditEvent.count({ where: { validationProcessId: process.id, type: "subject.location-denied" } })).toBe(1);
  });
});

describe("a validation process's registry check (lib/evidence/registry-check.ts)", () => {
  it("keeps the registry's answer as hashed evidence of the validation process, in its own trail", async () => {
    const number = `${Math.floor(Math.random() * 90_000_000) + 10_000_000}K`;
    const csv = `country,identType,identNumber,firstName,lastName,birthDate\nES,DNI,${number},Sujeto0,Prueba,1990-04-01\n`;
    expect(await importRegistry({ fileName: "registro.csv", bytes: Buffer.from(csv) })).toEqual({ imported: 1 });
    const { process } = await validationProcess({ identNumber: number });

    const answer = await checkIdentityRegistry({ ...validationRound(process), hexId: process.hexId }, process);
    expect(answer).toEqual({ result: 1, registered: true, nameMatches: true });
    const evidence = await db.evidence.findFirstOrThrow({ where: { validationProcessId: process.id, kind: "EVIDENCE" } });
    expect(evidence).toMatchObject({ signerId: null, check: "VERIFIED" });
    expect(sha256Hex(Buffer.from(await storage().get(evidence.storageKey)))).toBe(evidence.sha256);
    const event = await db.auditEvent.findFirstOrThrow({ where: { validationProcessId: process.id, type: "evidence.registry-checked" } });
    expect(event.payload).toMatchObject({ evidence: evidence.hexId, found: true, nameMatches: true });

    const stranger = await validationProcess();
    await expect(
      checkIdentityRegistry({ ...validationRound(stranger.process), hexId: stranger.process.hexId }, stranger.process),
    ).rejects.toMatchObject({
      code: "PERSON_NOT_IN_REGISTRY",
    });
    expect((await db.evidence.findFirstOrThrow({ where: { validationProcessId: stranger.process.id } })).check).toBe("FAILED");
  });
});
