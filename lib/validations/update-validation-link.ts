import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { findValidationLink, linkInclude, linkOperation, locationColumns, toValidationLinkView, validationFlowId } from "./link-records";
import { pinMatches, pinHash } from "./pin";
import { updateValidationLinkInput, type ValidationLinkView } from "./schemas";

/**
 * PUT /api/validations/{validationHexId}: edits a link's flow, PIN, expiration date, description, maximum uses
 * and user location. Spec §5: when nothing differs from what is stored, nothing is saved and the caller is told
 * (VALIDATION_NOT_MODIFIED). A new PIN applies to the next person; processes already started keep going.
 */
export async function updateValidationLink(context: AuthContext, hexId: string, raw: unknown, ip: string): Promise<ValidationLinkView> {
  const input = updateValidationLinkInput.parse(raw);
  return db.$transaction(async (tx) => {
    const current = await findValidationLink(context, hexId, tx);
    const flowId = input.flowHexId === current.flow.hexId ? current.flowId : await validationFlowId(context, input.flowHexId, tx);
    const location = locationColumns(input.userLocation);
    const pinChanged = input.pin !== undefined && !pinMatches(current.hexId, input.pin, current.pinHash);
    const changed =
      pinChanged ||
      flowId !== current.flowId ||
      input.expirationDate.getTime() !== current.expirationDate.getTime() ||
      input.description !== current.description ||
      input.maxUses !== current.maxUses ||
      location.geolocate !== current.geolocate ||
      location.requireLocation !== current.requireLocation;
    if (!changed) throw new AppError("VALIDATION_NOT_MODIFIED");
    const updated = await tx.validationLink.update({
      where: { id: current.id },
      data: {
        flowId,
        expirationDate: input.expirationDate,
        description: input.description,
        maxUses: input.maxUses,
        ...location,
        ...(pinChanged && input.pin ? { pinHash: pinHash(current.hexId, input.pin) } : {}),
      },
      include: linkInclude,
    });
    await logOperation(linkOperation(context, "VALIDATION_LINK_UPDATE", ip, updated, pinChanged ? "update;pin-changed" : "update"), tx);
    return toValidationLinkView(updated);
  });
}
