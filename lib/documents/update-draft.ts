import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import { organizationTimeZone } from "@/lib/config/organization-time-zone";
import { AppError } from "@/lib/errors/app-error";
import { instantOf } from "@/lib/i18n/zoned-time";
import { draftDataInput } from "./draft-schemas";
import { loadDraftView, lockDraft, signatureFlowId } from "./draft-records";

/** Title, description, expiration, flow, tags and callbacks of a draft; the whole set is replaced. */
export async function updateDraft(context: AuthContext, documentHexId: string, raw: unknown, ip: string) {
  const input = draftDataInput.parse(raw);
  // A typed expiry is meant on the organisation's clocks: 18:00 typed is 18:00 shown and mailed.
  const expirationDate = input.expirationDate ? instantOf(input.expirationDate, await organizationTimeZone(context.organizationId)) : null;
  if (expirationDate && expirationDate <= new Date()) throw new AppError("SHIPMENT_EXPIRATION_INVALID");
  return db.$transaction(async (tx) => {
    const document = await lockDraft(tx, context, documentHexId);
    await tx.document.update({
      where: { id: document.id },
      data: {
        flowId: await signatureFlowId(tx, context, input.flowHexId),
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
        event: "DOCUMENT_DRAFT_UPDATE",
        ip,
        recordId: document.hexId,
      },
      tx,
    );
    return loadDraftView(document.id, tx);
  });
}
