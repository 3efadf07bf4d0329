import { z } from "zod";
import { pageQuery } from "@/lib/audit/session-logs";
import { modules } from "@/lib/permissions/authorities";
import { operationGroup } from "./common";

const operationLogPage = z.object({
  _embedded: z.object({
    operationLogs: z.array(
      z.object({
        id: z.number().int(),
        moduleId: z.enum(modules),
        eventUserId: z.number().int().nullable().describe("The user who acted; for an API key, its API user"),
        operationEventId: z.string(),
        eventTimestamp: z.string().describe("YYYY-MM-DD HH:mm:ss (UTC)"),
        detail: z.string(),
        organizationId: z.string(),
      }),
    ),
  }),
  page: z.object({ size: z.number().int(), totalElements: z.number().int(), totalPages: z.number().int(), number: z.number().int() }),
});

export const logOperations = operationGroup("Logs", "tokenOrApiKey")([
  {
    method: "get",
    path: "/api/data/operationLogs",
    operationId: "listOperationLogs",
    summary: "The organisation's operation log, newest first (ORGANIZACION:VIEW)",
    query: pageQuery,
    responses: { 200: { description: "One page", body: { schema: operationLogPage } } },
  },
]);
