import { appendAuditEvent } from "@/lib/audit/audit-event";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { identityRegistry, sameName } from "@/lib/registry/identity-registry";
import { rateLimits } from "@/lib/security/rate-limits";
import { enforceRateLimit } from "@/lib/security/rate-limit";
import { storage } from "@/lib/storage";
import { type IdentityProcess, lockProcess } from "./identity-process";

/** Who the person says they are: their confirmed name and identity document. */
export type ClaimedIdentity = {
  firstName: string | null;
  lastName: string | null;
  country: string | null;
  identType: string | null;
  identNumber: string | null;
};

/**
 * Checks a person's confirmed identity against the government identity registry and keeps the
 * registry's answer as evidence of their process (hashed, in the audit trail). A person the
 * registry does not know gets the spec §8 message.
 */
export async function checkIdentityRegistry(
  process: Pick<IdentityProcess, "hexId" | "owner" | "audit" | "actor">,
  person: ClaimedIdentity,
) {
  await enforceRateLimit(rateLimits.identityRegistry, process.hexId);
  if (!person.identNumber || !person.identType || !person.country) throw new AppError("IDENT_NUMBER_REQUIRED");
  const registry = identityRegistry();
  const query = { country: person.country, identType: person.identType, identNumber: person.identNumber };
  const answer = await registry.lookup(query);
  const nameMatches = answer.found && sameName(`${answer.firstName} ${answer.lastName}`, `${person.firstName} ${person.lastName}`);
  const record = {
    registry: answer.registry,
    query,
    found: answer.found,
    nameMatches,
    checkedAt: new Date().toISOString(),
  };
  const stored = await storage().put(new TextEncoder().encode(JSON.stringify(record)));
  await db.$transaction(async (tx) => {
    await lockProcess(tx, process);
    const evidence = await tx.evidence.create({
      data: {
        kind: "EVIDENCE",
        ...process.owner,
        storageKey: stored.key,
        mimeType: "application/json",
        size: stored.size,
        sha256: stored.sha256,
        check: answer.found && nameMatches ? "VERIFIED" : "FAILED",
        checkDetail: record,
      },
    });
    await appendAuditEvent(tx, process.audit, "evidence.registry-checked", {
      ...process.actor,
      evidence: evidence.hexId,
      found: answer.found,
      nameMatches,
      sha256: stored.sha256,
    });
  });
  if (!answer.found) throw new AppError("PERSON_NOT_IN_REGISTRY");
  return { result: 1, registered: true, nameMatches };
}
