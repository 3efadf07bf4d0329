import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import { findValidationLink, linkInclude, linkOperation, toValidationLinkView } from "./link-records";
import { forgetLinkFailures } from "./pin-attempts";
import type { ValidationLinkView } from "./schemas";

/**
 * POST /api/validations/{validationHexId}/activate and /deactivate (spec §4: a validation link can be activated
 * or deactivated). Activating also lifts a lock left by wrong PINs: staff decide the link is safe again (and may
 * change its PIN first); the failures that locked it are forgotten.
 */
export async function setValidationLinkActive(
  context: AuthContext,
  hexId: string,
  active: boolean,
  ip: string,
): Promise<ValidationLinkView> {
  const updated = await db.$transaction(async (tx) => {
    const current = await findValidationLink(context, hexId, tx);
    const link = await tx.validationLink.update({
      where: { id: current.id },
      data: active ? { active: true, lockedAt: null } : { active: false },
      include: linkInclude,
    });
    const action = active && current.lockedAt ? "activate;unlock" : undefined;
    await logOperation(linkOperation(context, active ? "VALIDATION_LINK_ACTIVATE" : "VALIDATION_LINK_DEACTIVATE", ip, link, action), tx);
    return link;
  });
  if (active) await forgetLinkFailures(updated.id);
  return toValidationLinkView(updated);
}
