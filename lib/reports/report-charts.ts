import type { AuthContext } from "@/lib/auth/context";
import { organizationTimeZone } from "@/lib/config/organization-time-zone";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { chartDays, daySql, daysBetween, instantRange, shipmentFilterSql, shipmentJoins, statusSql, withinRange } from "./report-sql";
import {
  completionBuckets,
  shipmentReportFilters,
  type CompletionBucket,
  type ReportCharts,
  type ShipmentReportFilters,
} from "./report-schemas";

type Counted = { count: bigint };

const hour = 3600;
/** Upper bounds of the completion buckets, in seconds (the last one has none). */
const bucketBounds: Record<Exclude<CompletionBucket, "more">, number> = { h1: hour, h24: 24 * hour, d3: 72 * hour, d7: 168 * hour };

/**
 * The report charts over a day range on the organisation's clocks, each series counted in PostgreSQL
 * by the day its own event happened: shipments by creation day and current status, completion times of
 * the shipments completed in the range (distribution and median), signers' rejections by day with the
 * commonest reasons, and the outcomes of the identity checks settled on evidence captured in the range.
 * The sender, flow, search and status filters apply to the shipment in every series.
 */
export async function computeReportCharts(
  organizationId: number,
  filters: ShipmentReportFilters,
  timeZone: string,
  now = new Date(),
): Promise<ReportCharts> {
  const { from, to } = chartDays(filters.from, filters.to, timeZone, now);
  const range = instantRange(from, to, timeZone);
  const base = Prisma.sql`${shipmentFilterSql(organizationId, filters)} ${statusSql(Prisma.sql`d.status`, "DocumentStatus", filters.status)}`;
  const completedColumn = Prisma.sql`d."completedAt"`;
  const seconds = Prisma.sql`extract(epoch FROM d."completedAt" - d."sentAt")`;
  const bucketSql = Prisma.sql`CASE ${Prisma.join(
    Object.entries(bucketBounds).map(([bucket, bound]) => Prisma.sql`WHEN ${seconds} < ${bound} THEN ${bucket}`),
    " ",
  )} ELSE 'more' END`;

  const [perDay, completion, median, rejections, reasons, checks] = await Promise.all([
    db.$queryRaw<(Counted & { day: string; status: string })[]>`
      SELECT ${daySql(Prisma.sql`d."createdAt"`, timeZone)} AS day, d.status::text AS status, count(*) AS count
      FROM "Document" d ${shipmentJoins}
      WHERE ${base} AND ${withinRange(Prisma.sql`d."createdAt"`, range)}
      GROUP BY 1, 2`,
    db.$queryRaw<(Counted & { bucket: CompletionBucket })[]>`
      SELECT ${bucketSql} AS bucket, count(*) AS count
      FROM "Document" d ${shipmentJoins}
      WHERE ${base} AND d.status = 'COMPLETED' AND d."sentAt" IS NOT NULL AND ${withinRange(completedColumn, range)}
      GROUP BY 1`,
    db.$queryRaw<{ median: number | null }[]>`
      SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY ${seconds}) AS median
      FROM "Document" d ${shipmentJoins}
      WHERE ${base} AND d.status = 'COMPLETED' AND d."sentAt" IS NOT NULL AND ${withinRange(completedColumn, range)}`,
    db.$queryRaw<(Counted & { day: string })[]>`
      SELECT ${daySql(Prisma.sql`s."rejectedAt"`, timeZone)} AS day, count(*) AS count
      FROM "Signer" s JOIN "Document" d ON d.id = s."documentId" ${shipmentJoins}
      WHERE ${base} AND s.status = 'REJECTED' AND ${withinRange(Prisma.sql`s."rejectedAt"`, range)}
      GROUP BY 1`,
    db.$queryRaw<(Counted & { reason: string | null })[]>`
      SELECT nullif(trim(s."rejectionReason"), '') AS reason, count(*) AS count
      FROM "Signer" s JOIN "Document" d ON d.id = s."documentId" ${shipmentJoins}
      WHERE ${base} AND s.status = 'REJECTED' AND ${withinRange(Prisma.sql`s."rejectedAt"`, range)}
      GROUP BY 1 ORDER BY 2 DESC, 1 ASC NULLS LAST LIMIT 5`,
    db.$queryRaw<(Counted & { kind: string; check: string })[]>`
      SELECT e.kind::text AS kind, e."check"::text AS "check", count(*) AS count
      FROM "Evidence" e JOIN "Signer" s ON s.id = e."signerId" JOIN "Document" d ON d.id = s."documentId" ${shipmentJoins}
      WHERE ${base} AND e.kind IN ('SELFIE', 'VIDEO') AND e."check" <> 'PENDING' AND ${withinRange(Prisma.sql`e."createdAt"`, range)}
      GROUP BY 1, 2`,
  ]);

  const days = daysBetween(from, to);
  const byDay = new Map(days.map((day) => [day, { day, total: 0, byStatus: {} as Record<string, number> }]));
  for (const row of perDay) {
    const entry = byDay.get(row.day);
    if (!entry) continue;
    entry.byStatus[row.status] = Number(row.count);
    entry.total += Number(row.count);
  }
  const rejectedByDay = new Map(rejections.map((row) => [row.day, Number(row.count)]));
  const bucketCounts = new Map(completion.map((row) => [row.bucket, Number(row.count)]));
  const outcome = (kind: string, check: string) => Number(checks.find((row) => row.kind === kind && row.check === check)?.count ?? 0);
  const identityCheck = (check: "faceMatch" | "liveness", kind: string) => ({
    check,
    PASS: outcome(kind, "VERIFIED"),
    FAIL: outcome(kind, "FAILED"),
    REVIEW: outcome(kind, "IN_REVIEW"),
  });
  const medianSeconds = median[0]?.median;
  return {
    from,
    to,
    timeZone,
    shipmentsPerDay: [...byDay.values()],
    completion: {
      completed: [...bucketCounts.values()].reduce((sum, count) => sum + count, 0),
      medianSeconds: medianSeconds === null || medianSeconds === undefined ? null : Math.round(Number(medianSeconds)),
      buckets: completionBuckets.map((bucket) => ({ bucket, count: bucketCounts.get(bucket) ?? 0 })),
    },
    rejectionsPerDay: days.map((day) => ({ day, count: rejectedByDay.get(day) ?? 0 })),
    topRejectionReasons: reasons.map((row) => ({ reason: row.reason, count: Number(row.count) })),
    identityChecks: [identityCheck("faceMatch", "SELFIE"), identityCheck("liveness", "VIDEO")],
  };
}

/** GET /api/reports/charts: the charts of the report screens and the dashboard for the caller's organisation. */
export async function reportCharts(context: AuthContext, raw: unknown): Promise<ReportCharts> {
  const filters = shipmentReportFilters.parse(raw);
  return computeReportCharts(context.organizationId, filters, await organizationTimeZone(context.organizationId));
}
