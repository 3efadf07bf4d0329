import { strToU8, zipSync } from "fflate";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { storage } from "@/lib/storage";
import { merkleAlgorithm } from "@/lib/stamping/merkle";
import { stampTag } from "@/lib/stamping/chain";
import { evidenceResult } from "@/lib/evidence/evidence-result";
import { publicValidation } from "./public-validation";
import { verifyProcedure } from "./verify-procedure";

/**
 * The evidence package of a sealed shipment (GET /api/validateDocs/{signatureHexId}/package): the
 * sealed PDF(s), the audit certificate (a sealed PDF of its own), evidence.json (hashes, Merkle proofs, stamp
 * transactions) and VERIFY.md (the offline procedure). Public like the validation page, so it holds
 * what that page shows and no evidence files (photos, videos, audio are personal data): only hashes.
 */
export async function validationPackage(signatureHexId: string): Promise<{ fileName: string; zip: Uint8Array }> {
  const result = await publicValidation(signatureHexId);
  if (result.state === "not-found") throw new AppError("NOT_FOUND");
  if (result.state === "not-available") throw new AppError("VALIDATION_NOT_AVAILABLE");
  const { validation } = result;
  const stored = await db.documentFile.findMany({
    where: { document: { hexId: validation.hexId } },
    orderBy: { id: "asc" },
    select: { fileName: true, signedStorageKey: true, signedSha256: true },
  });

  const entries: Record<string, Uint8Array> = {};
  const files: { fileName: string; path: string; sha256: string }[] = [];
  for (const [index, file] of stored.entries()) {
    const base = file.fileName.replace(/[\\/:*?"<>|\u0000-\u001f]/g, "_").replace(/\.pdf$/i, "") || "document";
    let path = `documents/${base}.pdf`;
    if (path in entries) path = `documents/${base}-${index + 1}.pdf`;
    entries[path] = await storage().get(file.signedStorageKey!);
    files.push({ fileName: file.fileName, path, sha256: file.signedSha256! });
  }

  // The audit certificate, a sealed PDF of its own that names the files above by their SHA-256.
  let certificate: { path: string; sha256: string } | null = null;
  const sealed = await db.document.findUniqueOrThrow({
    where: { hexId: validation.hexId },
    select: { certificateStorageKey: true, certificateSha256: true },
  });
  if (sealed.certificateStorageKey && sealed.certificateSha256) {
    certificate = { path: "certificate/audit-certificate.pdf", sha256: sealed.certificateSha256 };
    entries[certificate.path] = await storage().get(sealed.certificateStorageKey);
  }

  const evidence = {
    format: "rubrica-evidence-package/1",
    shipment: {
      signatureHexId: validation.hexId,
      title: validation.title,
      organization: validation.organization,
      status: validation.status,
      sealedAt: validation.sealedAt.toISOString(),
      validationPage: `/validateDocs/${validation.hexId}`,
    },
    files,
    certificate,
    signers: validation.signers.map((signer) => ({ name: signer.name, status: signer.status, rejectionReason: signer.rejectionReason })),
    merkle: {
      algorithm: merkleAlgorithm,
      leaf: "SHA-256(0x00 || evidence sha256 bytes)",
      node: "SHA-256(0x01 || left || right)",
      oddLevel: "the last node of an odd level is promoted unchanged",
      proofStep: "position = side of the sibling: left → SHA-256(0x01 || sibling || node), right → SHA-256(0x01 || node || sibling)",
      transactionData: `0x${Buffer.from(stampTag, "ascii").toString("hex")} || root (ASCII "${stampTag}" then the 32-byte root)`,
      onChain: "transactions[].onChain: what the network's node answered when this package was made (VERIFY.md step 4 repeats the check)",
    },
    evidences: validation.signers.flatMap((signer) =>
      signer.evidences.map((item) => ({
        signer: signer.name,
        kind: item.kind,
        sha256: item.sha256,
        check: item.check,
        // What was checked, as the certificate states it: no "pending" left on a sealed shipment.
        result: evidenceResult(item.kind, item.check, true),
        stamping: item.stamping && {
          status: item.stamping.status,
          code: item.stamping.code,
          root: item.stamping.root,
          algorithm: item.stamping.algorithm,
          proof: item.stamping.proof,
          proofValidAtServer: item.stamping.proofValid,
          ethTrxid: item.stamping.ethTrxid,
          transactions: item.stamping.transactions,
          stampInfo: item.stamping.links.stamping,
        },
      })),
    ),
    auditTrail: {
      intact: validation.brokenAt === null,
      brokenAt: validation.brokenAt,
      events: validation.events.map((event) => ({
        sequence: event.sequence,
        type: event.type,
        createdAt: event.createdAt.toISOString(),
        hash: event.hash,
      })),
    },
  };
  entries["evidence.json"] = strToU8(`${JSON.stringify(evidence, null, 2)}\n`);
  const header = [
    `# ${validation.title}`,
    "",
    `Shipment \`${validation.hexId}\` of ${validation.organization}, sealed ${validation.sealedAt.toISOString()}.`,
    "",
    ...files.map((file) => `- \`${file.path}\`: SHA-256 \`${file.sha256}\``),
    ...(certificate ? [`- \`${certificate.path}\` (audit certificate): SHA-256 \`${certificate.sha256}\``] : []),
    "",
  ].join("\n");
  entries["VERIFY.md"] = strToU8(`${header}\n${verifyProcedure}`);
  const fileName = `rubrica-${validation.hexId}-evidence.zip`;
  return { fileName, zip: zipSync(entries, { level: 6, mtime: validation.sealedAt }) };
}
