import type { AuthContext } from "@/lib/auth/context";
import { organizationTimeZone } from "@/lib/config/organization-time-zone";
import { getConfigNumber } from "@/lib/config/values";
import { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors/app-error";
import { dayInTimeZone, nextDay, startOfDayInTimeZone } from "@/lib/i18n/time-zone";
import { reportMaxDays, type ReportFilters } from "./report-schemas";

// The SQL the reports and charts share: the filters as a WHERE over "Document" d (with its sender u and
// flow f joined), and the day range on the organisation's clocks. Aggregation happens in PostgreSQL.

/** `days` calendar days after (or before, when negative) `day`, as YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = nextDay(day)) days.push(day);
  return days;
}

export type InstantRange = { start: Date | null; end: Date | null };

/** The instants a day range covers on `timeZone`'s clocks: from the first day's 00:00 to the day after the last one. */
export function instantRange(from: string | undefined, to: string | undefined, timeZone: string): InstantRange {
  if (from && to && from > to) throw new AppError("LOG_EXPORT_DATES", { field: "from" });
  return {
    start: from ? startOfDayInTimeZone(from, timeZone) : null,
    end: to ? startOfDayInTimeZone(nextDay(to), timeZone) : null,
  };
}

/** A chart's days: the ones asked for, or the 30 days up to today; at most reportMaxDays. */
export function chartDays(
  from: string | undefined,
  to: string | undefined,
  timeZone: string,
  now = new Date(),
): { from: string; to: string } {
  const end = to ?? (from ? addDays(from, 29) : dayInTimeZone(now, timeZone));
  const start = from ?? addDays(end, -29);
  if (start > end) throw new AppError("LOG_EXPORT_DATES", { field: "from" });
  if (daysBetween(start, end).length > reportMaxDays) throw new AppError("REPORT_RANGE_TOO_LONG", { field: "from", max: reportMaxDays });
  return { from: start, to: end };
}

/** `column` within the range (open ends stay open). */
export function withinRange(column: Prisma.Sql, range: InstantRange): Prisma.Sql {
  const parts = [
    range.start ? Prisma.sql`${column} >= ${range.start}` : null,
    range.end ? Prisma.sql`${column} < ${range.end}` : null,
  ].filter((part): part is Prisma.Sql => part !== null);
  return parts.length ? Prisma.join(parts, " AND ") : Prisma.sql`TRUE`;
}

/** A LIKE pattern that matches `word` literally anywhere. */
export function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function searchWords(search: string | undefined): string[] {
  return (search ?? "").split(/\s+/).filter(Boolean).slice(0, 8);
}

/**
 * The shipments of the organisation that the sender, flow and search filters keep (dates and status
 * are each caller's). `extraText` adds columns a word may also be found in (the signer's name...).
 */
export function shipmentFilterSql(organizationId: number, filters: ReportFilters, extraText: Prisma.Sql[] = []): Prisma.Sql {
  const conditions: Prisma.Sql[] = [Prisma.sql`d."organizationId" = ${organizationId}`];
  if (filters.sender) conditions.push(Prisma.sql`u."hexId" = ${filters.sender}`);
  if (filters.flow) conditions.push(Prisma.sql`f."hexId" = ${filters.flow}`);
  for (const word of searchWords(filters.search)) {
    const pattern = containsPattern(word);
    const columns = [Prisma.sql`d.title`, ...extraText].map((column) => Prisma.sql`${column} ILIKE ${pattern}`);
    conditions.push(Prisma.sql`(${Prisma.join(columns, " OR ")} OR ${word} = ANY(d.tags))`);
  }
  return Prisma.join(conditions, " AND ");
}

/** A report's `status` filter on `column`, whose enum type is `type`; nothing without one. */
export function statusSql(column: Prisma.Sql, type: "DocumentStatus" | "ProcessStatus", status: string | undefined): Prisma.Sql {
  return status ? Prisma.sql`AND ${column} = ${status}::${Prisma.raw(`"${type}"`)}` : Prisma.empty;
}

export type ReportSort<F extends string> = { field: F; direction: "asc" | "desc" };

/**
 * What the shipment and signature listings share: the WHERE (shipmentFilterSql's filters, the shipment's
 * creation days on `timeZone`'s clocks, and the listing's own status) and the sort direction, empty values last.
 */
export function listingSql(
  organizationId: number,
  filters: ReportFilters & { status?: string },
  timeZone: string,
  direction: ReportSort<string>["direction"],
  status: { column: Prisma.Sql; type: "DocumentStatus" | "ProcessStatus" },
  extraText: Prisma.Sql[] = [],
): { where: Prisma.Sql; direction: Prisma.Sql } {
  const range = instantRange(filters.from, filters.to, timeZone);
  return {
    where: Prisma.sql`${shipmentFilterSql(organizationId, filters, extraText)} AND ${withinRange(Prisma.sql`d."createdAt"`, range)} ${statusSql(status.column, status.type, filters.status)}`,
    direction: direction === "asc" ? Prisma.sql`ASC NULLS LAST` : Prisma.sql`DESC NULLS LAST`,
  };
}

/** The joins shipmentFilterSql refers to. */
export const shipmentJoins = Prisma.sql`LEFT JOIN "User" u ON u.id = d."senderId" LEFT JOIN "Flow" f ON f.id = d."flowId"`;

/** The calendar day of `column` on `timeZone`'s clocks, as YYYY-MM-DD text. */
export function daySql(column: Prisma.Sql, timeZone: string): Prisma.Sql {
  return Prisma.sql`to_char(${column} AT TIME ZONE ${timeZone}, 'YYYY-MM-DD')`;
}

export type PageInfo = { size: number; totalElements: number; totalPages: number; number: number };

export function pageInfo(size: number, page: number, total: number): PageInfo {
  return { size, totalElements: total, totalPages: Math.ceil(total / size), number: page };
}

/** One page of a report in the list endpoints' shape: `read` gets the organisation's zone, the page size (default_page_size by default) and the offset. */
export async function reportPage<R>(
  context: AuthContext,
  query: { page: number; size?: number },
  read: (timeZone: string, size: number, offset: number) => Promise<{ rows: R[]; total: number }>,
): Promise<{ rows: R[]; page: PageInfo; timeZone: string }> {
  const [size, timeZone] = await Promise.all([
    query.size ?? getConfigNumber(context.organizationId, "default_page_size"),
    organizationTimeZone(context.organizationId),
  ]);
  const { rows, total } = await read(timeZone, size, query.page * size);
  return { rows, page: pageInfo(size, query.page, total), timeZone };
}
