import { appendAuditEvent } from "@/lib/audit/audit-event";
import type { RequestMeta } from "@/lib/auth/sessions";
import { db } from "@/lib/db/client";
import { lockDocumentById } from "@/lib/documents/lock-document";
import { AppError } from "@/lib/errors/app-error";
import { identityRegistry, sameName } from "@/lib/registry/identity-registry";
import { enforceRateLimit } from "@/lib/security/rate-limit";
import { storage } from "@/lib/storage";
import { liveSignerAccess } from "@/lib/signing/signer-access";

/**
 * GET /centralRecord/saveCRIEvidence/{id}: checks the signer's confirmed identity against the
 * government identity registry and keeps the registry's answer as evidence (hashed, in the audit
 * trail). A person the registry does not know gets the spec §8 message.
 */
export async function saveCriEvidence(processHexId: string, urlSign: string | null, meta: RequestMeta) {
  const access = await liveSignerAccess(processHexId, urlSign, meta.ip);
  const { signer } = access;
  await enforceRateLimit(`cri:${signer.hexId}`, 5, 600);
  if (!signer.identNumber || !signer.identType || !signer.country) throw new AppError("IDENT_NUMBER_REQUIRED");
  const registry = identityRegistry();
  const answer = await registry.lookup({ country: signer.country, identType: signer.identType, identNumber: signer.identNumber });
  const nameMatches = answer.found && sameName(`${answer.firstName} ${answer.lastName}`, `${signer.firstName} ${signer.lastName}`);
  const record = {
    registry: answer.registry,
    query: { country: signer.country, identType: signer.identType, identNumber: signer.identNumber },
    found: answer.found,
    nameMatches,
    checkedAt: new Date().toISOString(),
  };
  const stored = await storage().put(new TextEncoder().encode(JSON.stringify(record)));
  await db.$transaction(async (tx) => {
    await lockDocumentById(tx, signer.documentId);
    const evidence = await tx.evidence.create({
      data: {
        kind: "EVIDENCE",
        signerId: signer.id,
        storageKey: stored.key,
        mimeType: "application/json",
        size: stored.size,
        sha256: stored.sha256,
        check: answer.found && nameMatches ? "VERIFIED" : "FAILED",
        checkDetail: record,
      },
    });
    await appendAuditEvent(tx, { documentId: signer.documentId }, "evidence.registry-checked", {
      signer: signer.hexId,
      evidence: evidence.hexId,
      found: answer.found,
      nameMatches,
      sha256: stored.sha256,
    });
  });
  if (!answer.found) throw new AppError("PERSON_NOT_IN_REGISTRY");
  return { result: 1, registered: true, nameMatches };
}
