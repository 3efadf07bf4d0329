import { db } from "@/lib/db/client";

/** summary-signers: who signs the shipment, in which order, and where each one stands (spec §3 signer list). */
export async function signersSummary(processHexId: string) {
  const signer = await db.signer.findUniqueOrThrow({ where: { hexId: processHexId }, select: { documentId: true } });
  const signers = await db.signer.findMany({
    where: { documentId: signer.documentId },
    orderBy: [{ position: "asc" }, { id: "asc" }],
    select: { hexId: true, firstName: true, lastName: true, position: true, status: true, mandatory: true },
  });
  return signers.map((s) => ({
    name: `${s.firstName} ${s.lastName}`,
    position: s.position,
    status: s.status,
    mandatory: s.mandatory,
    you: s.hexId === processHexId,
  }));
}
