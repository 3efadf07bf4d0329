import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { activationIssues, flowConfigIssues, updateFlowInput } from "./flow-schemas";
import { findFlowForUpdate, flowInclude, stepRows, throwFirstIssue, toFlowView, usageCount, type FlowView } from "./flow-records";

/**
 * Replaces a flow's title, settings and ordered steps. A flow already used by a shipment or a
 * validation is frozen (spec §4): what was sent must keep meaning what it meant; clone it instead.
 * An active flow must stay activatable.
 */
export async function updateFlow(context: AuthContext, hexId: string, raw: unknown, ip: string): Promise<FlowView> {
  const input = updateFlowInput.parse(raw);
  return db.$transaction(async (tx) => {
    const flow = await findFlowForUpdate(tx, context.organizationId, hexId);
    if (usageCount(flow) > 0) throw new AppError("FLOW_IN_USE");
    throwFirstIssue(flowConfigIssues({ ...input, kind: flow.kind }));
    if (flow.active) throwFirstIssue(activationIssues({ kind: flow.kind, steps: input.steps }));
    const steps = await stepRows(tx, context.organizationId, input.steps);
    await tx.flowStep.deleteMany({ where: { flowId: flow.id } });
    const updated = await tx.flow.update({
      where: { id: flow.id },
      data: {
        name: input.name,
        expirationDays: input.expirationDays,
        geolocateSigners: input.geolocateSigners || input.obligatoryGeolocation,
        obligatoryGeolocation: input.obligatoryGeolocation,
        steps: { create: steps },
      },
      include: flowInclude,
    });
    await logOperation(
      {
        module: "ORGANIZACION",
        organizationId: context.organizationId,
        userId: context.userId,
        event: "FLOW_UPDATE",
        ip,
        recordId: flow.hexId,
      },
      tx,
    );
    return toFlowView(updated);
  });
}
