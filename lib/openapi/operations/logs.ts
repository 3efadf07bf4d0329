import { z } from "zod";
import { answer, created } from "../registry";
import { pageQuery } from "@/lib/audit/session-logs";
import { saveTransactionLogInput } from "@/lib/callbacks/transaction-log";
import { modules } from "@/lib/permissions/authorities";
import { listSchema } from "@/lib/http/list-page";
import { operationGroup } from "./common";

/** One row of the operation log as spec §7 names its fields. */
export const operationLogRow = z.object({
  id: z.number().int(),
  moduleId: z.enum(modules),
  eventUserId: z.number().int().nullable().describe("The user who acted; for an API key, its API user"),
  operationEventId: z.string(),
  eventTimestamp: z.string().describe("YYYY-MM-DD HH:mm:ss (UTC)"),
  detail: z.string(),
  organizationId: z.string().describe("The organisation's hexId"),
});

const operationLogPage = listSchema("operationLogs", operationLogRow);

export const logOperations = operationGroup(
  "Logs",
  "tokenOrApiKey",
)({
  listOperationLogs: {
    method: "get",
    path: "/api/data/operationLogs",
    requires: { kind: "privilege", module: "ORGANIZACION", action: "VIEW" },
    tenancy: "organization",
    summary: "The organisation's operation log, newest first (ORGANIZACION:VIEW)",
    query: pageQuery,
    responses: answer("One page", operationLogPage),
  },
  saveTransactionLog: {
    method: "post",
    path: "/api/log/saveTransactionLog",
    idempotent: true,
    requires: { kind: "privilege", module: "DOCUMENTO", action: "UPDATE" },
    tenancy: "organization",
    summary: "Record an event of a shipment or validation in the transaction log (DOCUMENTO:UPDATE)",
    description:
      "transactionHexId names a shipment (documentHexId) or signature process (processHexId) of the caller's organisation for processType ENVIO, or a validation process for VALIDACION; anything else answers 404. typeId 1 (callback attempts) and 2 (completion mails) are the platform's own entries; use other numbers for yours.",
    body: { schema: saveTransactionLogInput, component: "TransactionLogEntry" },
    responses: created(z.object({ id: z.number().int() }), "Recorded"),
    errors: [404],
  },
});
