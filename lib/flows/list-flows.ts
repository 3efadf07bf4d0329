import { z } from "zod";
import type { AuthContext } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { wholeList } from "@/lib/http/list-page";
import { flowKinds } from "./flow-schemas";
import { flowInclude, toFlowView } from "./flow-records";

export const listFlowsQuery = z.object({
  kind: z.enum(flowKinds, { error: "VALIDATION_FAILED" }).optional(),
  active: z.enum(["true", "false"], { error: "VALIDATION_FAILED" }).optional(),
});

/** The organisation's flows, defaults first, then newest. */
export async function listFlows(context: AuthContext, raw: unknown) {
  const query = listFlowsQuery.parse(raw);
  const flows = await db.flow.findMany({
    where: {
      organizationId: context.organizationId,
      kind: query.kind,
      active: query.active === undefined ? undefined : query.active === "true",
    },
    include: flowInclude,
    orderBy: [{ isDefault: "desc" }, { creationDate: "desc" }, { id: "desc" }],
  });
  return wholeList("flows", flows.map(toFlowView));
}
