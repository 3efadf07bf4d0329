import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { strFromU8, unzipSync } from "fflate";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as packageRoute } from "@/app/api/validateDocs/[signatureHexId]/package/route";
import { db } from "@/lib/db/client";
import { publicValidation } from "@/lib/documents/public-validation";
import { verifyProcedure, verifySnippet } from "@/lib/documents/verify-procedure";
import { closeProducers } from "@/lib/queue/enqueue";
import { runJob } from "@/workers/registry";
import { randomHex } from "@/lib/security/random";
import { resetRateLimit } from "@/lib/security/rate-limit";
import { rateLimits } from "@/lib/security/rate-limits";
import { buildMerkleTree, merkleProof } from "@/lib/stamping/merkle";
import { storage } from "@/lib/storage";
import { createTestOrganization, type TestOrganization } from "../support/fixtures";
import { createSentShipment, signStep } from "../support/signing";
import { clientAddressHeaders, sendRequest } from "../support/http";

let org: TestOrganization;
let sealedHexId: string;
let sealedBytes: Uint8Array;
let evidenceIds: number[];
let pendingHexId: string;
let batchId: number;
const txId = `0x${randomBytes(32).toString("hex")}`;

/** The package as a browser downloads it, from a given address. */
async function download(signatureHexId: string, ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}`) {
  const request = new NextRequest(`http://127.0.0.1:3000/api/validateDocs/${signatureHexId}/package`, {
    headers: { ...clientAddressHeaders(ip), "accept-language": "es-ES" },
  });
  const response = await sendRequest(packageRoute, request);
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    disposition: response.headers.get("content-disposition"),
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}

/**
 * The offline rule of VERIFY.md, written here without lib/stamping/merkle.ts: leaf = SHA-256(0x00 ‖ h),
 * node = SHA-256(0x01 ‖ left ‖ right), the step's position is the sibling's side.
 */
function rootFromProof(evidenceSha256: string, proof: { position: string; hash: string }[]): string {
  const sha = (...parts: Buffer[]) => parts.reduce((hash, part) => hash.update(part), createHash("sha256")).digest();
  let node = sha(Buffer.from([0]), Buffer.from(evidenceSha256, "hex"));
  for (const step of proof) {
    const sibling = Buffer.from(step.hash, "hex");
    node = step.position === "left" ? sha(Buffer.from([1]), sibling, node) : sha(Buffer.from([1]), node, sibling);
  }
  return node.toString("hex");
}

async function evidencesOf(result: Awaited<ReturnType<typeof publicValidation>>) {
  expect(result.state).toBe("available");
  return result.state === "available" ? result.validation.signers.flatMap((signer) => signer.evidences) : [];
}

beforeAll(async () => {
  org = await createTestOrganization();
  const { document, signers } = await createSentShipment(org.organization.id, { signers: [{}, {}], steps: ["SIGNATURE"] });
  for (const signer of signers) expect((await signStep(signer.hexId, signer.secret!)).body.finished).toBe(true);
  expect(await runJob("signing.seal-document", { documentId: document.id })).toEqual({ sealed: 1 });
  sealedHexId = document.hexId;
  sealedBytes = await storage().get((await db.documentFile.findFirstOrThrow({ where: { documentId: document.id } })).signedStorageKey!);
  const evidences = await db.evidence.findMany({ where: { signer: { documentId: document.id } }, orderBy: { id: "asc" } });
  expect(evidences.length).toBeGreaterThan(1);
  evidenceIds = evidences.map((evidence) => evidence.id);
  const pending = await createSentShipment(org.organization.id, { signers: [{}], steps: ["SIGNATURE"] });
  pendingHexId = pending.document.hexId;
});

afterAll(async () => {
  await db.stampingRecord.deleteMany({ where: { batchId } });
  if (batchId) await db.stampBatch.delete({ where: { id: batchId } });
  await closeProducers();
});

describe("Merkle proofs on the public validation page and the evidence package", () => {
  it("keeps the stamping pending while the evidence is not in a batch", async () => {
    const result = await publicValidation(sealedHexId);
    expect(result.state === "available" && result.validation.stamping).toBe("pending");
    expect((await evidencesOf(result)).every((evidence) => evidence.stamping === null)).toBe(true);
  });

  it("shows each evidence's stamp record and a valid proof against the batch root once stamped", async () => {
    // Stands in for the stamping job (lib/stamping/stamp-pending.ts), whose chain path is tested in
    // tests/integration/stamping.test.ts: the same tree and records, with a well-formed made-up transaction.
    const evidences = await db.evidence.findMany({ where: { id: { in: evidenceIds } }, orderBy: { id: "asc" } });
    const tree = buildMerkleTree(evidences.map((evidence) => evidence.sha256));
    const batch = await db.stampBatch.create({
      data: { merkleRoot: tree.root, status: "CONFIRMED", localTx: txId, confirmedAt: new Date() },
    });
    batchId = batch.id;
    await db.stampingRecord.createMany({
      data: evidences.map((evidence, index) => ({
        evidenceId: evidence.id,
        kind: evidence.kind,
        batchId: batch.id,
        code: 200,
        ethTrxid: txId,
        linkStamping: `http://127.0.0.1:3000/api/signprocess/getStampInfo/${txId}`,
        merkleProof: { ...merkleProof(tree, index), evidenceSha256: evidence.sha256 },
      })),
    });

    const result = await publicValidation(sealedHexId);
    expect(result.state === "available" && result.validation.stamping).toBe("stamped");
    const shown = await evidencesOf(result);
    expect(shown).toHaveLength(evidences.length);
    for (const evidence of shown) {
      expect(evidence.stamping).toMatchObject({ status: "CONFIRMED", code: 200, ethTrxid: txId, root: tree.root, proofValid: true });
      expect(evidence.stamping!.transactions).toEqual([expect.objectContaining({ network: "local", txId })]);
      expect(evidence.stamping!.links.stamping).toContain(txId);
    }
  });

  it("marks a tampered proof invalid, and only that one", async () => {
    const record = await db.stampingRecord.findUniqueOrThrow({ where: { evidenceId: evidenceIds[0] } });
    const proof = record.merkleProof as { path: { position: string; hash: string }[] };
    expect(proof.path.length).toBeGreaterThan(0);
    const flipped = proof.path[0]!.hash.replace(/^./, (c) => (c === "0" ? "1" : "0"));
    try {
      await db.stampingRecord.update({
        where: { id: record.id },
        data: { merkleProof: { ...proof, path: [{ ...proof.path[0]!, hash: flipped }, ...proof.path.slice(1)] } },
      });
      const shown = await evidencesOf(await publicValidation(sealedHexId));
      expect(shown.map((evidence) => evidence.stamping?.proofValid)).toEqual(shown.map((_, index) => index !== 0));
      // A proof that is not even a list of steps is invalid too, not an error.
      await db.stampingRecord.update({ where: { id: record.id }, data: { merkleProof: { path: "no" } } });
      expect((await evidencesOf(await publicValidation(sealedHexId)))[0]!.stamping?.proofValid).toBe(false);
    } finally {
      await db.stampingRecord.update({ where: { id: record.id }, data: { merkleProof: record.merkleProof ?? undefined } });
    }
  });

  it("downloads a ZIP with the sealed PDF, evidence.json whose proofs verify offline, and VERIFY.md", async () => {
    const response = await download(sealedHexId);
    expect(response.status).toBe(200);
    expect(response.type).toBe("application/zip");
    expect(response.disposition).toContain(`rubrica-${sealedHexId}-evidence.zip`);
    const files = unzipSync(response.bytes);
    const pdfs = Object.keys(files).filter((name) => name.startsWith("documents/"));
    expect(pdfs).toHaveLength(1);
    expect(Buffer.from(files[pdfs[0]!]!).equals(Buffer.from(sealedBytes))).toBe(true);
    // The audit certificate, a sealed PDF of its own.
    const { certificateStorageKey, certificateSha256 } = await db.document.findUniqueOrThrow({ where: { hexId: sealedHexId } });
    const certificate = files["certificate/audit-certificate.pdf"];
    expect(certificate && Buffer.from(certificate).equals(Buffer.from(await storage().get(certificateStorageKey!)))).toBe(true);
    // Only the sealed PDFs, the certificate and two text files: no evidence images, videos or audio.
    expect(Object.keys(files).sort()).toEqual(["VERIFY.md", "certificate/audit-certificate.pdf", "evidence.json", ...pdfs].sort());

    const evidence = JSON.parse(strFromU8(files["evidence.json"]!)) as {
      files: { path: string; sha256: string }[];
      certificate: { path: string; sha256: string } | null;
      evidences: {
        kind: string;
        sha256: string;
        stamping: { root: string; proof: { position: string; hash: string }[]; transactions: { network: string; txId: string }[] } | null;
      }[];
    };
    expect(evidence.files[0]!.sha256).toBe(createHash("sha256").update(sealedBytes).digest("hex"));
    expect(evidence.certificate).toEqual({ path: "certificate/audit-certificate.pdf", sha256: certificateSha256 });
    const stored = await db.evidence.findMany({ where: { id: { in: evidenceIds } }, orderBy: { id: "asc" } });
    expect(evidence.evidences.map((item) => item.sha256)).toEqual(stored.map((item) => item.sha256));
    for (const item of evidence.evidences) {
      expect(item.stamping).not.toBeNull();
      expect(rootFromProof(item.sha256, item.stamping!.proof)).toBe(item.stamping!.root);
      expect(item.stamping!.transactions).toEqual([expect.objectContaining({ network: "local", txId })]);
    }
    const batch = await db.stampBatch.findUniqueOrThrow({ where: { id: batchId } });
    expect(new Set(evidence.evidences.map((item) => item.stamping!.root))).toEqual(new Set([batch.merkleRoot]));

    const verify = strFromU8(files["VERIFY.md"]!);
    expect(verify).toContain(verifyProcedure);
    expect(verify).toContain(evidence.files[0]!.sha256);
    // docs/verify-offline.md documents the same procedure.
    expect(await readFile(path.join(process.cwd(), "docs/verify-offline.md"), "utf8")).toContain(verifyProcedure);

    // The script VERIFY.md gives accepts this package, and rejects it with one proof step altered.
    const dir = await mkdtemp(path.join(tmpdir(), "rubrica-verify-"));
    try {
      const script = path.join(dir, "verify-evidence.mjs");
      await writeFile(script, verifySnippet);
      await writeFile(path.join(dir, "evidence.json"), files["evidence.json"]!);
      const { stdout } = await promisify(execFile)(process.execPath, [script, path.join(dir, "evidence.json")]);
      expect(stdout.match(/: OK,/g)).toHaveLength(evidence.evidences.length);
      const altered = structuredClone(evidence);
      const step = altered.evidences[0]!.stamping!.proof[0]!;
      step.hash = step.hash.replace(/^./, (c) => (c === "0" ? "1" : "0"));
      await writeFile(path.join(dir, "evidence.json"), JSON.stringify(altered));
      await expect(promisify(execFile)(process.execPath, [script, path.join(dir, "evidence.json")])).rejects.toMatchObject({ code: 1 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("answers 409 for a shipment not completed and sealed, 404 for an unknown one", async () => {
    const pending = await download(pendingHexId);
    expect(pending.status).toBe(409);
    expect(JSON.parse(strFromU8(pending.bytes)).errorCode).toBe("VALIDATION_NOT_AVAILABLE");
    expect((await download(randomHex(16))).status).toBe(404);
    expect((await download("no-es-un-id")).status).toBe(404);
  });

  it("limits how often one address may download", async () => {
    const ip = `192.0.2.${Math.floor(Math.random() * 250) + 1}`;
    await resetRateLimit(rateLimits.validateDocsPackageIp, ip);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await download(randomHex(16), ip)).status);
    expect(statuses.slice(0, 10).every((status) => status === 404)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect((await download(sealedHexId)).status).toBe(200);
  });
});
