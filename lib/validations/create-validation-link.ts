import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import { randomHex } from "@/lib/security/random";
import { linkOperation, locationColumns, validationFlowId, validationLinkUrl } from "./link-records";
import { pinHash } from "./pin";
import { createValidationLinkInput } from "./schemas";

/**
 * POST /api/validations: a new, active validation link on an active validation flow. The hexId is drawn here
 * (128 random bits, as the database would) because the PIN's hash is bound to it.
 */
export async function createValidationLink(context: AuthContext, raw: unknown, ip: string) {
  const input = createValidationLinkInput.parse(raw);
  return db.$transaction(async (tx) => {
    const flowId = await validationFlowId(context, input.flowHexId, tx);
    const hexId = randomHex(16);
    const link = await tx.validationLink.create({
      data: {
        hexId,
        organizationId: context.organizationId,
        flowId,
        pinHash: pinHash(hexId, input.pin),
        expirationDate: input.expirationDate,
        description: input.description,
        maxUses: input.maxUses,
        ...locationColumns(input.userLocation),
        createdById: context.userId,
      },
    });
    await logOperation(linkOperation(context, "VALIDATION_LINK_CREATE", ip, link), tx);
    return { validationHexId: link.hexId, url: validationLinkUrl(link.hexId) };
  });
}
