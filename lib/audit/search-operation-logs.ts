import type { Prisma } from "@/lib/db/generated/client";
import type { AuthContext } from "@/lib/auth/context";
import { getConfigNumber } from "@/lib/config/values";
import { organizationTimeZone } from "@/lib/config/organization-time-zone";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { formatInTimeZone, nextDay, startOfDayInTimeZone } from "@/lib/i18n/time-zone";
import { searchOperationLogsQuery, type OperationLogFilters, type OperationLogPage, type OperationLogRow } from "./operation-log-schemas";

export { organizationTimeZone };

const contains = (word: string) => ({ contains: word, mode: "insensitive" as const });

/**
 * The organisation's rows the filters keep. Every word of the search must appear in the event, the
 * detail, or the name or e-mail of the user who acted; days are whole days on the organisation's clocks.
 */
export async function operationLogWhere(
  organizationId: number,
  filters: OperationLogFilters,
  timeZone: string,
): Promise<Prisma.OperationLogWhereInput> {
  if (filters.from && filters.to && filters.from > filters.to) throw new AppError("LOG_EXPORT_DATES", { field: "from" });
  const words = (filters.search ?? "").split(/\s+/).filter(Boolean).slice(0, 8);
  // Log rows keep the user's id only: the words are looked up among the organisation's users first.
  const usersByWord = await Promise.all(
    words.map((word) =>
      db.user.findMany({
        where: { organizationId, OR: [{ firstName: contains(word) }, { lastName: contains(word) }, { email: contains(word) }] },
        select: { id: true },
      }),
    ),
  );
  return {
    organizationId,
    ...(filters.moduleId ? { moduleId: filters.moduleId } : {}),
    eventTimestamp: {
      ...(filters.from ? { gte: startOfDayInTimeZone(filters.from, timeZone) } : {}),
      ...(filters.to ? { lt: startOfDayInTimeZone(nextDay(filters.to), timeZone) } : {}),
    },
    AND: words.map((word, index) => {
      const userIds = usersByWord[index]!.map((u) => u.id);
      return {
        OR: [
          { operationEventId: contains(word) },
          { detail: contains(word) },
          ...(userIds.length ? [{ eventUserId: { in: userIds } }] : []),
        ],
      };
    }),
  };
}

type LogRecord = {
  id: number;
  moduleId: OperationLogRow["moduleId"];
  eventUserId: number | null;
  operationEventId: string;
  eventTimestamp: Date;
  detail: string;
};

/** The rows as the list and the exports show them: the acting user's name and e-mail, times on the organisation's clocks. */
export async function toOperationLogRows(records: LogRecord[], organizationHexId: string, timeZone: string): Promise<OperationLogRow[]> {
  const userIds = [...new Set(records.map((r) => r.eventUserId).filter((id): id is number => id !== null))];
  const users = userIds.length
    ? await db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, firstName: true, lastName: true, email: true } })
    : [];
  const byId = new Map(users.map((u) => [u.id, u]));
  return records.map((r) => {
    const user = r.eventUserId === null ? undefined : byId.get(r.eventUserId);
    return {
      id: r.id,
      moduleId: r.moduleId,
      eventUserId: r.eventUserId,
      userFullName: user ? `${user.firstName} ${user.lastName}` : null,
      userEmail: user?.email ?? null,
      operationEventId: r.operationEventId,
      eventTimestamp: formatInTimeZone(r.eventTimestamp, timeZone),
      detail: r.detail,
      organizationId: organizationHexId,
    };
  });
}

export const newestFirst: Prisma.OperationLogOrderByWithRelationInput[] = [{ eventTimestamp: "desc" }, { id: "desc" }];

/** /trading-history list: one page of the organisation's operation log, newest first, in the Spring Data REST page shape. */
export async function searchOperationLogs(context: AuthContext, raw: unknown): Promise<OperationLogPage> {
  const query = searchOperationLogsQuery.parse(raw);
  const [size, timeZone] = await Promise.all([
    query.size ?? getConfigNumber(context.organizationId, "default_page_size"),
    organizationTimeZone(context.organizationId),
  ]);
  const where = await operationLogWhere(context.organizationId, query, timeZone);
  const [total, records] = await Promise.all([
    db.operationLog.count({ where }),
    db.operationLog.findMany({ where, orderBy: newestFirst, skip: query.page * size, take: size }),
  ]);
  return {
    _embedded: { operationLogs: await toOperationLogRows(records, context.organizationHexId, timeZone) },
    page: { size, totalElements: total, totalPages: Math.ceil(total / size), number: query.page },
    timeZone,
  };
}
