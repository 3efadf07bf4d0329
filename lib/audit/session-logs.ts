import { z } from "zod";
import { db } from "@/lib/db/client";
import type { AuthContext } from "@/lib/auth/context";
import { getConfigNumber } from "@/lib/config/values";
import { formatEventTimestamp, logOperation } from "./operation-log";
import type { Module } from "@/lib/db/generated/enums";
import { modules } from "@/lib/permissions/authorities";

export const pageQuery = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce.number().int().min(1).max(100).optional(),
});

const format = (d: Date | null) => (d ? formatEventTimestamp(d) : null);

/** Sign-ins of the caller's organisation, newest first, in the Spring Data REST page shape. */
export async function listSessionLogs(context: AuthContext, raw: unknown) {
  const query = pageQuery.parse(raw);
  const size = query.size ?? (await getConfigNumber(context.organizationId, "default_page_size"));
  const where = { organizationId: context.organizationId, mfaPassed: true };
  const [total, rows] = await Promise.all([
    db.authSession.count({ where }),
    db.authSession.findMany({ where, include: { user: true }, orderBy: { createdAt: "desc" }, skip: query.page * size, take: size }),
  ]);
  return {
    _embedded: {
      viewSessionLogs: rows.map((s) => ({
        sessionHexId: s.hexId,
        userName: s.user.email,
        fullName: `${s.user.firstName} ${s.user.lastName}`,
        ip: s.ip,
        userAgent: s.userAgent,
        loginTime: format(s.createdAt),
        lastActivity: format(s.lastActivityAt),
        logoutTime: format(s.endedAt),
        endReason: s.endReason,
      })),
    },
    page: { size, totalElements: total, totalPages: Math.ceil(total / size), number: query.page },
  };
}

export const operationLogInput = z.object({
  moduleId: z.enum(modules as unknown as [Module, ...Module[]], { error: "VALIDATION_FAILED" }),
  operationEventId: z.string().trim().min(1, "EMPTY_FIELD").max(64),
  recordId: z.string().max(64).optional(),
  action: z.string().max(200).optional(),
});

/** POST /data/operationLogs: a client-side action worth recording (an export, a print). */
export async function saveClientOperation(context: AuthContext, raw: unknown, ip: string) {
  const input = operationLogInput.parse(raw);
  const row = await logOperation({
    module: input.moduleId,
    organizationId: context.organizationId,
    userId: context.userId,
    event: input.operationEventId,
    ip,
    recordId: input.recordId,
    action: input.action,
  });
  return { id: row.id, eventTimestamp: formatEventTimestamp(row.eventTimestamp) };
}

export async function listOperationLogs(context: AuthContext, raw: unknown) {
  const query = pageQuery.parse(raw);
  const size = query.size ?? (await getConfigNumber(context.organizationId, "default_page_size"));
  const where = { organizationId: context.organizationId };
  const [total, rows] = await Promise.all([
    db.operationLog.count({ where }),
    db.operationLog.findMany({ where, orderBy: { eventTimestamp: "desc" }, skip: query.page * size, take: size }),
  ]);
  return {
    _embedded: {
      operationLogs: rows.map((r) => ({
        id: r.id,
        moduleId: r.moduleId,
        eventUserId: r.eventUserId,
        operationEventId: r.operationEventId,
        eventTimestamp: formatEventTimestamp(r.eventTimestamp),
        detail: r.detail,
        organizationId: context.organizationHexId,
      })),
    },
    page: { size, totalElements: total, totalPages: Math.ceil(total / size), number: query.page },
  };
}
