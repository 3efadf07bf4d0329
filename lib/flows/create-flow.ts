import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import { createFlowInput, flowConfigIssues } from "./flow-schemas";
import { flowInclude, stepRows, throwFirstIssue, toFlowView, type FlowView } from "./flow-records";

/** A new flow starts inactive and not default: it is activated once its steps are complete. */
export async function createFlow(context: AuthContext, raw: unknown, ip: string): Promise<FlowView> {
  const input = createFlowInput.parse(raw);
  throwFirstIssue(flowConfigIssues(input));
  return db.$transaction(async (tx) => {
    const flow = await tx.flow.create({
      data: {
        organizationId: context.organizationId,
        kind: input.kind,
        name: input.name,
        createdById: context.userId,
        expirationDays: input.expirationDays,
        geolocateSigners: input.geolocateSigners || input.obligatoryGeolocation,
        obligatoryGeolocation: input.obligatoryGeolocation,
        steps: { create: await stepRows(tx, context.organizationId, input.steps) },
      },
      include: flowInclude,
    });
    await logOperation(
      {
        module: "ORGANIZACION",
        organizationId: context.organizationId,
        userId: context.userId,
        event: "FLOW_CREATE",
        ip,
        recordId: flow.hexId,
      },
      tx,
    );
    return toFlowView(flow);
  });
}
