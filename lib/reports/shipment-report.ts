import type { AuthContext } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import type { DocumentStatusName } from "@/lib/documents/list-schemas";
import { listingSql, reportPage, shipmentJoins, type ReportSort } from "./report-sql";
import {
  shipmentReportQuery,
  type ShipmentReportFilters,
  type ShipmentReportPage,
  type ShipmentReportQuery,
  type ShipmentReportRow,
} from "./report-schemas";

type Row = {
  hexId: string;
  title: string;
  status: DocumentStatusName;
  tags: string[];
  createdAt: Date;
  sentAt: Date | null;
  completedAt: Date | null;
  senderName: string | null;
  senderEmail: string | null;
  flowName: string | null;
  signersTotal: number;
  signersSigned: number;
  signersRejected: number;
  secondsToComplete: number | null;
  fullCount: bigint;
};

const orderColumns: Record<ShipmentReportQuery["sort"]["field"], Prisma.Sql> = {
  createdAt: Prisma.sql`d."createdAt"`,
  sentAt: Prisma.sql`d."sentAt"`,
  completedAt: Prisma.sql`d."completedAt"`,
  title: Prisma.sql`lower(d.title)`,
  status: Prisma.sql`d.status::text`,
  signers: Prisma.sql`s.total`,
  timeToComplete: Prisma.sql`"secondsToComplete"`,
};

/**
 * One shipment a row: its sender and flow, the signers' counts from one aggregate per shipment, and the
 * time from sending to completion, computed by PostgreSQL; `fullCount` is the rows the filters keep.
 */
export async function readShipmentRows(
  organizationId: number,
  filters: ShipmentReportFilters,
  timeZone: string,
  sort: ReportSort<ShipmentReportQuery["sort"]["field"]>,
  limit: number,
  offset: number,
): Promise<{ rows: ShipmentReportRow[]; total: number }> {
  const { where, direction } = listingSql(organizationId, filters, timeZone, sort.direction, {
    column: Prisma.sql`d.status`,
    type: "DocumentStatus",
  });
  const rows = await db.$queryRaw<Row[]>`
    SELECT d."hexId", d.title, d.status::text AS status, d.tags, d."createdAt", d."sentAt", d."completedAt",
           CASE WHEN u.id IS NULL THEN NULL ELSE trim(u."firstName" || ' ' || u."lastName") END AS "senderName",
           u.email AS "senderEmail", f.name AS "flowName",
           s.total AS "signersTotal", s.signed AS "signersSigned", s.rejected AS "signersRejected",
           CASE WHEN d.status = 'COMPLETED' AND d."completedAt" IS NOT NULL AND d."sentAt" IS NOT NULL
                THEN round(extract(epoch FROM d."completedAt" - d."sentAt"))::int END AS "secondsToComplete",
           count(*) OVER () AS "fullCount"
    FROM "Document" d ${shipmentJoins}
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS total,
             (count(*) FILTER (WHERE x.status = 'COMPLETED'))::int AS signed,
             (count(*) FILTER (WHERE x.status = 'REJECTED'))::int AS rejected
      FROM "Signer" x WHERE x."documentId" = d.id
    ) s
    WHERE ${where}
    ORDER BY ${orderColumns[sort.field]} ${direction}, d.id DESC
    LIMIT ${limit} OFFSET ${offset}`;
  // A page past the end has no row to carry the count: ask for the first one.
  if (rows.length === 0 && offset > 0)
    return { rows: [], total: (await readShipmentRows(organizationId, filters, timeZone, sort, 1, 0)).total };
  return {
    total: rows[0] ? Number(rows[0].fullCount) : 0,
    rows: rows.map((row) => ({
      documentHexId: row.hexId,
      title: row.title,
      sender: row.senderName,
      senderEmail: row.senderEmail,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
      completedAt: row.completedAt?.toISOString() ?? null,
      signersTotal: row.signersTotal,
      signersSigned: row.signersSigned,
      signersRejected: row.signersRejected,
      secondsToComplete: row.secondsToComplete,
      flow: row.flowName,
      tags: row.tags,
    })),
  };
}

/** GET /api/reports/shipments: one page of the shipment report (REPORT_ENVIO), on the organisation's clocks. */
export async function shipmentReport(context: AuthContext, raw: unknown): Promise<ShipmentReportPage> {
  const query = shipmentReportQuery.parse(raw);
  const { rows, page, timeZone } = await reportPage(context, query, (zone, size, offset) =>
    readShipmentRows(context.organizationId, query, zone, query.sort, size, offset),
  );
  return { _embedded: { shipments: rows }, page, timeZone };
}
