/**
 * What /validateDocs shows of one sealed shipment, from the database and storage this process is configured with
 * (tests/integration/backup-restore.test.ts runs it against a restored copy): the page's own code
 * (lib/documents/public-validation.ts), each evidence file read back and hashed, each sealed file checked as an upload.
 *
 *   npx tsx tests/support/validate-restored.ts <signatureHexId>   → JSON on stdout
 */
import { createHash } from "node:crypto";
import { db } from "@/lib/db/client";
import { checkSealedFile, publicValidation } from "@/lib/documents/public-validation";
import { storage } from "@/lib/storage";

async function main(hexId: string) {
  const result = await publicValidation(hexId);
  if (result.state !== "available") return { state: result.state };
  const document = await db.document.findFirstOrThrow({ where: { hexId }, include: { files: true } });
  const evidences = await db.evidence.findMany({ where: { signer: { documentId: document.id } }, orderBy: { id: "asc" } });
  const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
  return {
    state: result.state,
    status: result.validation.status,
    brokenAt: result.validation.brokenAt,
    stamping: result.validation.stamping,
    proofs: result.validation.signers.flatMap((signer) =>
      signer.evidences.map((evidence) => ({ sha256: evidence.sha256, proofValid: evidence.stamping?.proofValid ?? null })),
    ),
    // The stamped hash is the hash of the evidence file as it reads back now.
    evidenceFiles: await Promise.all(
      evidences.map(async (evidence) => sha256(await storage().get(evidence.storageKey)) === evidence.sha256),
    ),
    signatures: result.validation.files.map((file) => file.signatures.length),
    sealedFiles: await Promise.all(
      document.files.map(async (file) => (await checkSealedFile(hexId, await storage().get(file.signedStorageKey!))).identical),
    ),
  };
}

main(process.argv[2]!)
  .then((out) => console.log(JSON.stringify(out)))
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => db.$disconnect());
