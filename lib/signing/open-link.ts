import { appendAuditEvent } from "@/lib/audit/audit-event";
import type { RequestMeta } from "@/lib/auth/sessions";
import { getConfigNumber } from "@/lib/config/values";
import { db } from "@/lib/db/client";
import { lockDocumentById } from "@/lib/documents/lock-document";
import { AppError } from "@/lib/errors/app-error";
import { endedLinkPath, linkErrorPath, signerLinkState } from "./link-state";
import { signerByLink } from "./signer-access";
import { processPagePath } from "./steps";

export type OpenedLink = { redirect: string; preferredLanguage: string | null };

/**
 * /sign/{urlSign}/{processHexId}: a signer opens their link. Each opening counts against
 * max_link_uses; the first one starts the process (the signer and the shipment move to
 * IN_PROGRESS) and every one is written to the document's audit trail with address and browser.
 */
export async function openSignerLink(processHexId: string, urlSign: string, meta: RequestMeta): Promise<OpenedLink> {
  let found;
  try {
    found = await signerByLink(processHexId, urlSign, meta.ip);
  } catch (error) {
    if (error instanceof AppError && error.code === "INVALID_LINK")
      return { redirect: linkErrorPath("UNKNOWN", "UNKNOWN"), preferredLanguage: null };
    throw error;
  }
  const { signer, secretOk } = found;
  const language = signer.preferredLanguage === "en_us" ? "en-us" : "es-es";
  if (!secretOk) return { redirect: linkErrorPath("UNKNOWN", "UNKNOWN"), preferredLanguage: language };
  const state = signerLinkState(signer.status, signer.document.status);
  if (state) return { redirect: endedLinkPath(signer.status, state, urlSign, signer.hexId), preferredLanguage: language };

  const maxUses = await getConfigNumber(signer.document.organizationId, "max_link_uses");
  const outcome = await db.$transaction(async (tx) => {
    await lockDocumentById(tx, signer.documentId);
    const current = await tx.signer.findUniqueOrThrow({ where: { id: signer.id }, select: { uses: true, status: true, startedAt: true } });
    if (current.uses >= maxUses) return "max-uses" as const;
    const now = new Date();
    const starting = current.status === "PENDING";
    await tx.signer.update({
      where: { id: signer.id },
      data: {
        uses: { increment: 1 },
        ip: meta.ip,
        userAgent: meta.userAgent,
        ...(starting ? { status: "IN_PROGRESS", startedAt: now } : {}),
      },
    });
    if (starting) await tx.document.updateMany({ where: { id: signer.documentId, status: "SENT" }, data: { status: "IN_PROGRESS" } });
    await appendAuditEvent(tx, { documentId: signer.documentId }, starting ? "signer.started" : "signer.link-opened", {
      signer: signer.hexId,
      use: current.uses + 1,
      ip: meta.ip,
      userAgent: meta.userAgent,
    });
    return "opened" as const;
  });
  if (outcome === "max-uses") return { redirect: "/maxNumberUses", preferredLanguage: language };
  // The home page greets a new process and offers to continue an interrupted one where it stopped.
  return { redirect: processPagePath("home-page", urlSign, signer.hexId), preferredLanguage: language };
}
