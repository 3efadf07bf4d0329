import { appendAuditEvent } from "@/lib/audit/audit-event";
import type { RequestMeta } from "@/lib/auth/sessions";
import { db } from "@/lib/db/client";
import { lockDocumentById } from "@/lib/documents/lock-document";
import { AppError } from "@/lib/errors/app-error";
import { endedLinkPath, linkErrorPath, maxUsesPath } from "./link-state";
import { accessOf, signerByLink } from "./signer-access";
import { processPagePath } from "./steps";
import { recordSignerEvent } from "@/lib/webhooks/record-event";

export type OpenedLink = { redirect: string; preferredLanguage: string | null };

/**
 * /sign/{urlSign}/{processHexId}: a signer opens their link. Each opening counts against
 * max_link_uses; the first one starts the process (the signer and the shipment move to
 * IN_PROGRESS) and every one is written to the document's audit trail with address and browser.
 * The first opening beyond the limit is refused and counted too, which uses the link up: from then
 * on its pages and every signer call refuse it as well (lib/signing/link-state.ts linkUsedUp).
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
  const { signer, secretOk, maxUses } = found;
  const language = signer.preferredLanguage === "en_us" ? "en-us" : "es-es";
  if (!secretOk || maxUses === null) return { redirect: linkErrorPath("UNKNOWN", "UNKNOWN"), preferredLanguage: language };
  const { state } = accessOf(signer, maxUses);
  if (state) return { redirect: endedLinkPath(signer.status, state, urlSign, signer.hexId), preferredLanguage: language };

  const outcome = await db.$transaction(async (tx) => {
    await lockDocumentById(tx, signer.documentId);
    const current = await tx.signer.findUniqueOrThrow({ where: { id: signer.id }, select: { uses: true, status: true, startedAt: true } });
    if (current.uses >= maxUses) {
      // Counted once: it is what uses the link up everywhere (uses now passes the limit).
      if (current.uses === maxUses) {
        await tx.signer.update({ where: { id: signer.id }, data: { uses: { increment: 1 } } });
        await appendAuditEvent(tx, { documentId: signer.documentId }, "signer.max-uses-reached", {
          signer: signer.hexId,
          maxUses,
          ip: meta.ip,
          userAgent: meta.userAgent,
        });
      }
      return { opened: "max-uses" as const };
    }
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
    if (starting) await recordSignerEvent(tx, signer.id, "signer.started");
    return { opened: "opened" as const };
  });
  if (outcome.opened === "max-uses") return { redirect: maxUsesPath, preferredLanguage: language };
  // The home page greets a new process and offers to continue an interrupted one where it stopped.
  return { redirect: processPagePath("home-page", urlSign, signer.hexId), preferredLanguage: language };
}
