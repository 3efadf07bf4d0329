import type { EvidenceRound } from "@/lib/evidence/identity-process";

/** A validation process's evidence: its own row and its own audit trail, which needs no name for the person. */
export function validationRound(process: { id: number }): EvidenceRound {
  return { owner: { validationProcessId: process.id }, audit: { validationProcessId: process.id }, actor: {}, person: "subject" };
}
