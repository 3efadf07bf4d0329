import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getProcessRoute } from "@/app/api/signprocess/getSignatureProcess/[id]/route";
import { GET as verifyRoute } from "@/app/api/signprocess/verify/[id]/route";
import { POST as stepRoute } from "@/app/api/signprocess/[id]/step/[page]/route";
import { POST as rejectRoute } from "@/app/api/signprocess/[id]/reject/route";
import { POST as restartRoute } from "@/app/api/signprocess/[id]/restart/route";
import { POST as videoChallengeRoute } from "@/app/api/signprocess/[id]/video-challenge/route";
import { GET as fileRoute } from "@/app/api/signprocess/[id]/files/[fileHexId]/route";
import { POST as evidenceRoute } from "@/app/api/signprocess/[id]/evidence/route";
import { POST as geolocationRoute } from "@/app/api/signprocess/addSigneeGeolocation/route";
import { POST as resendRoute } from "@/app/api/documents/[documentHexId]/signers/[signerHexId]/resend/route";
import { deliverInvitation } from "@/lib/documents/deliver-invitation";
import { singleAttempt } from "@/lib/queue/job-attempt";
import { db } from "@/lib/db/client";
import { randomHex } from "@/lib/security/random";
import { openSignerLink } from "@/lib/signing/open-link";
import { createTestOrganization, createTestUser, type TestOrganization } from "../support/fixtures";
import { call, clientAddressHeaders, sendRequest } from "../support/http";
import { signIn } from "../support/sign-in";
import { peers } from "./setup";
import { createSentShipment, drawnSignature } from "../support/signing";

// Issue 16, points 3 (max_link_uses everywhere), 9 (no oracle on getSignatureProcess/verify) and
// 13 (obligatory geolocation enforced by the server), through the route handlers and the page guard.

type Answer = {
  result?: number;
  invalid?: boolean;
  linkState?: string;
  finished?: boolean;
  errorCode?: string;
  message?: string;
  data?: Record<string, unknown>;
};

let org: TestOrganization;

beforeAll(async () => {
  org = await createTestOrganization();
});

let address = 0;
/** Each call from its own address, so the secret-guessing limit of one test never trips another. */
const ip = () => `198.18.${Math.floor(++address / 250) % 250}.${(address % 250) + 1}`;
const meta = () => ({ ip: ip(), userAgent: "vitest link guard" });

const signerHeaders = (secret: string | null) => (secret ? { "x-url-sign": secret } : ({} as Record<string, string>));

const getProcess = (processHexId: string, secret: string | null) =>
  call<Answer>(getProcessRoute, `/api/signprocess/getSignatureProcess/${processHexId}`, {
    params: { id: processHexId },
    headers: signerHeaders(secret),
    ip: ip(),
  });

const verify = (processHexId: string, secret: string | null) =>
  call<Answer & { status?: string }>(verifyRoute, `/api/signprocess/verify/${processHexId}`, {
    params: { id: processHexId },
    headers: signerHeaders(secret),
    ip: ip(),
  });

const step = (processHexId: string, secret: string, page: string, body: unknown) =>
  call<Answer>(stepRoute, `/api/signprocess/${processHexId}/step/${page}`, {
    method: "POST",
    body,
    params: { id: processHexId, page },
    headers: signerHeaders(secret),
    ip: ip(),
  });

const post = (handler: unknown, path: string, processHexId: string, secret: string, body: unknown = {}) =>
  call<Answer>(handler, path, { method: "POST", body, params: { id: processHexId }, headers: signerHeaders(secret), ip: ip() });

const locate = (processHexId: string, secret: string, geolocation: Record<string, unknown>) =>
  call<Answer>(geolocationRoute, "/api/signprocess/addSigneeGeolocation", {
    method: "POST",
    body: { process: "ENVIO", processHexId, geolocation },
    headers: signerHeaders(secret),
    ip: ip(),
  });

async function uploadPhoto(processHexId: string, secret: string, kind: string) {
  const form = new FormData();
  form.set("kind", kind);
  form.set("uploadId", crypto.randomUUID());
  form.set("capturedAt", new Date().toISOString());
  form.set("file", new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], { type: "image/jpeg" }), "captura");
  const request = new NextRequest(`http://127.0.0.1:3000/api/signprocess/${processHexId}/evidence`, {
    method: "POST",
    body: form,
    headers: { ...clientAddressHeaders(ip()), "user-agent": "vitest link guard", "x-url-sign": secret },
  });
  const response = await sendRequest(evidenceRoute, request);
  return { status: response.status, body: (await response.json()) as Answer };
}

const dataConfirm = { identType: "DNI", identNumber: "12345678Z", country: "ES" };

describe("a link used as often as max_link_uses allows (point 3)", () => {
  it("is dead everywhere once an opening was refused: pages go to /maxNumberUses, every signer call answers MAX_USES_REACHED", async () => {
    const own = await createTestOrganization();
    await db.configValue.create({ data: { organizationId: own.organization.id, name: "max_link_uses", value: "2" } });
    const { document, signers } = await createSentShipment(own.organization.id, { signers: [{}] });
    const signer = signers[0]!;
    const secret = signer.secret!;

    // The allowed openings work, the last one included, for as long as the signer stays on the pages.
    await openSignerLink(signer.hexId, secret, meta());
    expect((await openSignerLink(signer.hexId, secret, meta())).redirect).toBe(`/signature-process/home-page/${secret}/${signer.hexId}`);
    expect((await step(signer.hexId, secret, "data-confirm", dataConfirm)).status).toBe(200);

    // One opening too many: refused, and from then on the link is used up.
    expect((await openSignerLink(signer.hexId, secret, meta())).redirect).toBe("/maxNumberUses");

    const process = await getProcess(signer.hexId, secret);
    expect(process.status).toBe(200);
    expect(process.body).toMatchObject({ result: 2, invalid: true, linkState: "MAX_USES" });
    expect(Object.keys(process.body.data ?? {}).sort()).toEqual(["logoOrganization", "nameOrganization"]);
    expect((await verify(signer.hexId, secret)).body).toMatchObject({ linkState: "MAX_USES" });

    const refusals = [
      await step(signer.hexId, secret, "accept-terms", { accepted: true, termsVersion: "1.0" }),
      await post(rejectRoute, `/api/signprocess/${signer.hexId}/reject`, signer.hexId, secret, { reason: "No estoy de acuerdo" }),
      await post(restartRoute, `/api/signprocess/${signer.hexId}/restart`, signer.hexId, secret),
      await post(videoChallengeRoute, `/api/signprocess/${signer.hexId}/video-challenge`, signer.hexId, secret),
      await locate(signer.hexId, secret, { timestamp: Date.now(), latitude: 40.4, longitude: -3.7 }),
      await uploadPhoto(signer.hexId, secret, "ID_FRONT"),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ errorCode: "MAX_USES_REACHED", message: "Número máximo de usos alcanzado" });
    }
    const file = document.files[0]!;
    const served = await sendRequest(
      fileRoute,
      new NextRequest(`http://127.0.0.1:3000/api/signprocess/${signer.hexId}/files/${file.hexId}`, {
        headers: { "x-url-sign": secret, ...clientAddressHeaders(ip()) },
      }),
    );
    expect(served.status).toBe(403);

    // Nothing moved: the signer stays where they were, with nothing rejected or stored.
    expect(await db.signer.findUniqueOrThrow({ where: { id: signer.id } })).toMatchObject({ currentStep: 1, status: "IN_PROGRESS" });
    expect(await db.location.count({ where: { signerId: signer.id } })).toBe(0);
    const events = await db.auditEvent.findMany({ where: { documentId: document.id }, orderBy: { id: "asc" } });
    expect(events.map((e) => e.type)).toContain("signer.max-uses-reached");

    // Every signer page sends the signer to the spec's /maxNumberUses page.
    const { guardProcessPage } = await import("@/lib/signing/process-page-guard");
    for (const page of ["home-page", "accept-terms", "see-document", "full-process", "wait"])
      expect(await guardProcessPage(page, secret, signer.hexId, ip())).toEqual({ redirect: "/maxNumberUses" });
  });

  it("works again from the new link the sender resends, as /maxNumberUses tells the signer to ask for", async () => {
    const own = await createTestOrganization();
    await db.configValue.create({ data: { organizationId: own.organization.id, name: "max_link_uses", value: "1" } });
    const token = await signIn((await createTestUser(own)).email);
    const { document, signers } = await createSentShipment(own.organization.id, { signers: [{}] });
    const signer = signers[0]!;
    await openSignerLink(signer.hexId, signer.secret!, meta());
    expect((await openSignerLink(signer.hexId, signer.secret!, meta())).redirect).toBe("/maxNumberUses");

    const resent = await call(resendRoute, "/api/x", {
      method: "POST",
      token,
      params: { documentHexId: document.hexId, signerHexId: signer.hexId },
    });
    expect(resent.status).toBe(200);
    const delivery = await db.delivery.findFirstOrThrow({ where: { signerId: signer.id, status: "QUEUED" } });
    expect(await deliverInvitation({ deliveryId: delivery.id }, singleAttempt)).toMatchObject({ result: "sent" });
    const mail = await peers.mail.waitFor((m) => m.to.includes(signer.email!), 10_000);
    const fresh = /\/sign\/([0-9a-f]{32})\//.exec(mail.text)?.[1] ?? "";

    expect((await openSignerLink(signer.hexId, fresh, meta())).redirect).toBe(`/signature-process/home-page/${fresh}/${signer.hexId}`);
    expect((await getProcess(signer.hexId, fresh)).body.result).toBe(1);
  });

  it("keeps the signer's own end state: a signer who completed still sees 'completed', not the limit", async () => {
    const own = await createTestOrganization();
    await db.configValue.create({ data: { organizationId: own.organization.id, name: "max_link_uses", value: "1" } });
    const { signers } = await createSentShipment(own.organization.id, { signers: [{}, {}], steps: ["SIGNATURE"] });
    const signer = signers[0]!;
    await openSignerLink(signer.hexId, signer.secret!, meta());
    expect((await step(signer.hexId, signer.secret!, "digital-signature", { image: await drawnSignature() })).body.finished).toBe(true);
    expect((await openSignerLink(signer.hexId, signer.secret!, meta())).redirect).toBe("/error/COMPLETED/COMPLETED");
    expect((await getProcess(signer.hexId, signer.secret!)).body).toMatchObject({ result: 2, linkState: "COMPLETED" });
  });
});

describe("a wrong secret and an unknown process (point 9)", () => {
  it("are answered alike by getSignatureProcess and verify, naming no organisation", async () => {
    const { signers } = await createSentShipment(org.organization.id, { signers: [{}] });
    const existing = signers[0]!.hexId;
    const unknown = randomHex(16);

    for (const read of [getProcess, verify]) {
      const wrongSecret = await read(existing, randomHex(16));
      const noSecret = await read(existing, null);
      const unknownProcess = await read(unknown, randomHex(16));
      // Status and body alike (the headers differ only by each answer's own request id).
      const answer = ({ status, body }: { status: number; body: unknown }) => ({ status, body });
      expect(answer(wrongSecret)).toEqual(answer(unknownProcess));
      expect(answer(noSecret)).toEqual(answer(unknownProcess));
      expect(unknownProcess.status).toBe(400);
      expect(unknownProcess.body).toMatchObject({ errorCode: "INVALID_LINK" });
      expect(JSON.stringify(wrongSecret.body)).not.toContain(org.organization.name);
      expect(JSON.stringify(wrongSecret.body)).not.toContain(org.organization.hexId);
    }
    // The right secret still reads the process.
    expect((await getProcess(existing, signers[0]!.secret!)).body.result).toBe(1);
  });

  it("keeps the organisation's name and logo for the holder of the right secret of an ended link (spec §3 result 2)", async () => {
    const { signers } = await createSentShipment(org.organization.id, { signers: [{}] });
    const signer = signers[0]!;
    await db.signer.update({ where: { id: signer.id }, data: { status: "LAPSED" } });
    expect((await getProcess(signer.hexId, signer.secret!)).body).toEqual({
      result: 2,
      invalid: true,
      linkState: "LAPSED",
      data: { nameOrganization: org.organization.name, logoOrganization: `logo-${org.organization.hexId}` },
    });
  });
});

describe("a flow that makes the location obligatory (point 13)", () => {
  it("lets no step be completed until the signer has reported where they are", async () => {
    const { signers } = await createSentShipment(org.organization.id, {
      signers: [{}],
      obligatoryGeolocation: true,
      steps: ["DATA_CONFIRM", "ID_PHOTO", "SIGNATURE"],
    });
    const signer = signers[0]!;
    const secret = signer.secret!;
    await openSignerLink(signer.hexId, secret, meta());

    const skipped = await step(signer.hexId, secret, "data-confirm", dataConfirm);
    expect(skipped.status).toBe(409);
    expect(skipped.body).toMatchObject({
      errorCode: "LOCATION_REQUIRED",
      message: "Debe compartir su ubicación para continuar: vuelva al inicio del proceso y permita el acceso a su localización.",
    });

    // A denial is recorded but is no location.
    expect((await locate(signer.hexId, secret, { timestamp: Date.now(), errorCode: 1, errorMessage: "denied" })).status).toBe(400);
    expect((await step(signer.hexId, secret, "data-confirm", dataConfirm)).body.errorCode).toBe("LOCATION_REQUIRED");
    expect(await db.signer.findUniqueOrThrow({ where: { id: signer.id } })).toMatchObject({ currentStep: 0 });

    expect(
      (await locate(signer.hexId, secret, { timestamp: Date.now(), latitude: 40.4168, longitude: -3.7038, accuracy: 20 })).status,
    ).toBe(200);
    expect((await step(signer.hexId, secret, "data-confirm", dataConfirm)).status).toBe(200);
  });

  it("refuses a capture upload from a signer who never reported a location", async () => {
    const { signers } = await createSentShipment(org.organization.id, {
      signers: [{}],
      obligatoryGeolocation: true,
      steps: ["ID_PHOTO", "SIGNATURE"],
    });
    const signer = signers[0]!;
    const refused = await uploadPhoto(signer.hexId, signer.secret!, "ID_FRONT");
    expect(refused.status).toBe(409);
    expect(refused.body.errorCode).toBe("LOCATION_REQUIRED");
    expect(await db.evidence.count({ where: { signerId: signer.id } })).toBe(0);
  });

  it("asks nothing of a signer whose flow only asks for the location", async () => {
    const { signers } = await createSentShipment(org.organization.id, { signers: [{}], geolocateSigners: true });
    const signer = signers[0]!;
    expect((await step(signer.hexId, signer.secret!, "data-confirm", dataConfirm)).status).toBe(200);
  });
});
