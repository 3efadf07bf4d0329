import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import { cloneFlowInput } from "./flow-schemas";
import { findFlow, flowInclude, toFlowView, type FlowView } from "./flow-records";

/**
 * A copy of a flow with its steps and settings, inactive and not default, created by the caller.
 * The way to change a flow that is already in use.
 */
export async function cloneFlow(context: AuthContext, hexId: string, raw: unknown, ip: string): Promise<FlowView> {
  const input = cloneFlowInput.parse(raw ?? {});
  return db.$transaction(async (tx) => {
    const source = await findFlow(context.organizationId, hexId, tx);
    const steps = await tx.flowStep.findMany({ where: { flowId: source.id }, orderBy: { position: "asc" } });
    const copy = await tx.flow.create({
      data: {
        organizationId: context.organizationId,
        kind: source.kind,
        name: input.name ?? `${source.name} (copia)`.slice(0, 120),
        createdById: context.userId,
        expirationDays: source.expirationDays,
        geolocateSigners: source.geolocateSigners,
        obligatoryGeolocation: source.obligatoryGeolocation,
        steps: {
          create: steps.map((step) => ({
            position: step.position,
            type: step.type,
            compareWithPosition: step.compareWithPosition,
            compareTarget: step.compareTarget,
            documentTypeId: step.documentTypeId,
            expiryMinutes: step.expiryMinutes,
            maxAttempts: step.maxAttempts,
            validateWithAuthority: step.validateWithAuthority,
          })),
        },
      },
      include: flowInclude,
    });
    await logOperation(
      {
        module: "ORGANIZACION",
        organizationId: context.organizationId,
        userId: context.userId,
        event: "FLOW_CLONE",
        ip,
        recordId: copy.hexId,
        action: `clone ${source.hexId}`,
      },
      tx,
    );
    return toFlowView(copy);
  });
}
