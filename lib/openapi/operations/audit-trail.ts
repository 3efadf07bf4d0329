import { z } from "zod";
import { exportOperationLogsQuery, searchOperationLogsQuery } from "@/lib/audit/operation-log-schemas";
import { operationLogInput, pageQuery } from "@/lib/audit/session-logs";
import { created } from "../registry";
import { operationGroup } from "./common";

// The organisation's session and operation logs as the portal's history screens read them (lib/audit).

export const auditTrailOperations = operationGroup(
  "Logs",
  "tokenOrApiKey",
)({
  recordClientOperation: {
    method: "post",
    path: "/api/data/operationLogs",
    idempotent: true,
    requires: { kind: "staff" },
    tenancy: "organization",
    summary: "Record a client-side action worth keeping (an export, a print) in the operation log",
    body: {
      // Spec §7 clients also send who and where; the token decides both, so they are accepted and ignored.
      schema: operationLogInput.extend({
        eventUserId: z.unknown().optional().describe("Ignored: the user is the caller"),
        organizationId: z.unknown().optional().describe("Ignored: the organisation is the caller's"),
      }),
      component: "ClientOperationInput",
    },
    responses: created(z.record(z.string(), z.unknown()), "Recorded"),
  },
  searchOperationLogs: {
    method: "get",
    path: "/api/data/operationLogs/search",
    requires: { kind: "privilege", module: "DOCUMENTO", action: "VIEW" },
    tenancy: "organization",
    summary: "The /trading-history list: the operation log searched by words, module and dates, one page",
    query: searchOperationLogsQuery,
    responses: { 200: { description: "A page of log entries" } },
  },
  exportOperationLogs: {
    method: "get",
    path: "/api/data/operationLogs/export",
    requires: { kind: "privilege", module: "DOCUMENTO", action: "EXPORT" },
    tenancy: "organization",
    summary: "The operation log with the list's filters as an XLSX or PDF file, in the caller's language",
    query: exportOperationLogsQuery,
    responses: {
      200: {
        description: "The file",
        files: ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "application/pdf"],
        headers: { "Content-Disposition": "attachment, with the file's name" },
      },
    },
  },
  listSessionLogs: {
    method: "get",
    path: "/api/data/viewSessionLogs",
    requires: { kind: "privilege", module: "USUARIO", action: "VIEW" },
    tenancy: "organization",
    summary: "The organisation's sign-ins and sign-outs, newest first, one page",
    query: pageQuery,
    responses: { 200: { description: "A page under _embedded.viewSessionLogs" } },
  },
});
