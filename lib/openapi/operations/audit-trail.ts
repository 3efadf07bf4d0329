import { z } from "zod";
import { exportOperationLogsQuery, searchOperationLogsQuery } from "@/lib/audit/operation-log-schemas";
import { operationLogInput, pageQuery } from "@/lib/audit/session-logs";
import { answer, created } from "../registry";
import { listSchema } from "@/lib/http/list-page";
import { operationGroup } from "./common";
import { operationLogRow } from "./logs";

const localTime = z.string().describe("YYYY-MM-DD HH:mm:ss");

/** /trading-history's rows: the spec's operation log, with who acted and times on the organisation's clocks. */
const searchedLogPage = listSchema(
  "operationLogs",
  operationLogRow.extend({
    eventTimestamp: z.string().describe("YYYY-MM-DD HH:mm:ss on the organisation's clocks (the page's timeZone)"),
    userFullName: z.string().nullable().describe("The acting user's name; null when the row has no user"),
    userEmail: z.string().nullable(),
  }),
).extend({ timeZone: z.string().describe("The organisation's time zone (organization_tz)") });

const sessionLogPage = listSchema(
  "viewSessionLogs",
  z.object({
    sessionHexId: z.string(),
    userName: z.string().describe("The user's e-mail"),
    fullName: z.string(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    loginTime: localTime.nullable(),
    lastActivity: localTime.nullable(),
    logoutTime: localTime.nullable().describe("null while the session lives"),
    endReason: z.string().nullable(),
  }),
);

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
    responses: created(z.object({ id: z.number().int(), eventTimestamp: localTime }), "Recorded"),
  },
  searchOperationLogs: {
    method: "get",
    path: "/api/data/operationLogs/search",
    requires: { kind: "privilege", module: "DOCUMENTO", action: "VIEW" },
    tenancy: "organization",
    summary: "The /trading-history list: the operation log searched by words, module and dates, one page",
    query: searchOperationLogsQuery,
    responses: answer("A page of log entries under _embedded.operationLogs", searchedLogPage),
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
    responses: answer("A page under _embedded.viewSessionLogs", sessionLogPage),
  },
});
