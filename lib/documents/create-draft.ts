import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import { organizationTimeZone } from "@/lib/config/organization-time-zone";
import { AppError } from "@/lib/errors/app-error";
import { instantOf } from "@/lib/i18n/zoned-time";
import { draftDataInput } from "./draft-schemas";
import { loadDraftView, signatureFlowId } from "./draft-records";

/** A new shipment in DRAFT, sent by the caller; without a chosen flow it takes the organisation's default signature flow when that one is active. */
export async function createDraft(context: AuthContext, raw: unknown, ip: string) {
  const input = draftDataInput.parse(raw ?? {});
  // A typed expiry is meant on the organisation's clocks: 18:00 typed is 18:00 shown and mailed.
  const expirationDate = input.expirationDate ? instantOf(input.expirationDate, await organizationTimeZone(context.organizationId)) : null;
  if (expirationDate && expirationDate <= new Date()) throw new AppError("SHIPMENT_EXPIRATION_INVALID");
  return db.$transaction(async (tx) => {
    const chosen = await signatureFlowId(tx, context, input.flowHexId);
    const fallback =
      chosen ??
      (await tx.flow.findFirst({ where: { organizationId: context.organizationId, kind: "SIGNATURE", active: true, isDefault: true } }))
        ?.id ??
      null;
    const document = await tx.document.create({
      data: {
        organizationId: context.organizationId,
        senderId: context.userId,
        flowId: fallback,
        title: input.title,
        description: input.description,
        expirationDate,
        tags: input.tags,
        callBackUrl: input.callBackUrl,
        callBackUrlSoftFail: input.callBackUrlSoftFail,
      },
    });
    await logOperation(
      {
        module: "DOCUMENTO",
        organizationId: context.organizationId,
        userId: context.userId,
        event: "DOCUMENT_DRAFT_CREATE",
        ip,
        recordId: document.hexId,
      },
      tx,
    );
    return loadDraftView(document.id, tx);
  });
}
