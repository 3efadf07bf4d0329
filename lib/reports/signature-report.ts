import type { AuthContext } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { listingSql, reportPage, shipmentJoins, type ReportSort } from "./report-sql";
import {
  signatureReportQuery,
  type CheckOutcome,
  type SignatureReportFilters,
  type SignatureReportPage,
  type SignatureReportQuery,
  type SignatureReportRow,
  type SignerStatusName,
} from "./report-schemas";

type Row = {
  hexId: string;
  documentHexId: string;
  title: string;
  firstName: string;
  lastName: string;
  email: string | null;
  position: number;
  status: SignerStatusName;
  invitedAt: Date | null;
  signedAt: Date | null;
  rejectedAt: Date | null;
  rejectionReason: string | null;
  faceCheck: string | null;
  faceDistance: number | null;
  livenessCheck: string | null;
  locationName: string | null;
  latitude: number | null;
  longitude: number | null;
  locationError: number | null;
  hasLocation: boolean;
  fullCount: bigint;
};

const orderColumns: Record<SignatureReportQuery["sort"]["field"], Prisma.Sql> = {
  invitedAt: Prisma.sql`s."invitedAt"`,
  signedAt: Prisma.sql`s."signedAt"`,
  rejectedAt: Prisma.sql`s."rejectedAt"`,
  title: Prisma.sql`lower(d.title)`,
  signer: Prisma.sql`lower(s."lastName" || ' ' || s."firstName")`,
  status: Prisma.sql`s.status::text`,
  position: Prisma.sql`s.position`,
};

/** What an evidence's settled check means in the report; PENDING (not run yet, or never for this step) is no outcome. */
const outcomeOf: Record<string, CheckOutcome> = { VERIFIED: "PASS", FAILED: "FAIL", IN_REVIEW: "REVIEW" };

/**
 * The latest settled check of a kind: the face comparison of a selfie (lib/signing/face-check.ts keeps its
 * distance under checkDetail.faceCheck) or the liveness check of a video (checkDetail.livenessCheck; a
 * person's review decision turns IN_REVIEW into VERIFIED or FAILED).
 */
const latestCheck = (kind: "SELFIE" | "VIDEO", detailKey: string) => Prisma.sql`
  SELECT e."check"::text AS "check", (e."checkDetail" -> ${detailKey} ->> 'distance')::float8 AS distance
  FROM "Evidence" e
  WHERE e."signerId" = s.id AND e.kind = ${kind}::"EvidenceKind" AND e."check" <> 'PENDING'
  ORDER BY e.id DESC LIMIT 1`;

/**
 * One signer a row with their shipment, dates, rejection reason, identity checks (from the evidence
 * table) and location (the latest reading of the location table), filtered by the shipment's filters
 * and creation days and by the signer's status.
 */
export async function readSignatureRows(
  organizationId: number,
  filters: SignatureReportFilters,
  timeZone: string,
  sort: ReportSort<SignatureReportQuery["sort"]["field"]>,
  limit: number,
  offset: number,
): Promise<{ rows: SignatureReportRow[]; total: number }> {
  const signerText = [Prisma.sql`s."firstName"`, Prisma.sql`s."lastName"`, Prisma.sql`coalesce(s.email, '')`];
  const { where, direction } = listingSql(
    organizationId,
    filters,
    timeZone,
    sort.direction,
    { column: Prisma.sql`s.status`, type: "ProcessStatus" },
    signerText,
  );
  const rows = await db.$queryRaw<Row[]>`
    SELECT s."hexId", d."hexId" AS "documentHexId", d.title, s."firstName", s."lastName", s.email, s.position,
           s.status::text AS status, s."invitedAt", s."signedAt", s."rejectedAt", s."rejectionReason",
           face."check" AS "faceCheck", face.distance AS "faceDistance", live."check" AS "livenessCheck",
           loc."displayName" AS "locationName", loc.latitude, loc.longitude, loc."errorCode" AS "locationError",
           loc.id IS NOT NULL AS "hasLocation",
           count(*) OVER () AS "fullCount"
    FROM "Signer" s
    JOIN "Document" d ON d.id = s."documentId"
    ${shipmentJoins}
    LEFT JOIN LATERAL (${latestCheck("SELFIE", "faceCheck")}) face ON TRUE
    LEFT JOIN LATERAL (${latestCheck("VIDEO", "livenessCheck")}) live ON TRUE
    LEFT JOIN LATERAL (
      SELECT l.id, l."displayName", l.latitude, l.longitude, l."errorCode" FROM "Location" l
      WHERE l."signerId" = s.id ORDER BY l.timestamp DESC, l.id DESC LIMIT 1
    ) loc ON TRUE
    WHERE ${where}
    ORDER BY ${orderColumns[sort.field]} ${direction}, s.id DESC
    LIMIT ${limit} OFFSET ${offset}`;
  // A page past the end has no row to carry the count: ask for the first one.
  if (rows.length === 0 && offset > 0)
    return { rows: [], total: (await readSignatureRows(organizationId, filters, timeZone, sort, 1, 0)).total };
  return {
    total: rows[0] ? Number(rows[0].fullCount) : 0,
    rows: rows.map((row) => {
      const located = row.latitude !== null && row.longitude !== null;
      return {
        signerHexId: row.hexId,
        documentHexId: row.documentHexId,
        title: row.title,
        signer: `${row.firstName} ${row.lastName}`.trim(),
        email: row.email,
        position: row.position,
        status: row.status,
        invitedAt: row.invitedAt?.toISOString() ?? null,
        signedAt: row.signedAt?.toISOString() ?? null,
        rejectedAt: row.rejectedAt?.toISOString() ?? null,
        rejectionReason: row.rejectionReason,
        faceMatch: row.faceCheck ? (outcomeOf[row.faceCheck] ?? null) : null,
        faceDistance: row.faceDistance,
        liveness: row.livenessCheck ? (outcomeOf[row.livenessCheck] ?? null) : null,
        location: !row.hasLocation ? null : located ? "GIVEN" : "DENIED",
        locationName: located ? (row.locationName ?? `${row.latitude!.toFixed(5)}, ${row.longitude!.toFixed(5)}`) : null,
      };
    }),
  };
}

/** GET /api/reports/signatures: one page of the signature report (REPORT_SIGNATURE), on the organisation's clocks. */
export async function signatureReport(context: AuthContext, raw: unknown): Promise<SignatureReportPage> {
  const query = signatureReportQuery.parse(raw);
  const { rows, page, timeZone } = await reportPage(context, query, (zone, size, offset) =>
    readSignatureRows(context.organizationId, query, zone, query.sort, size, offset),
  );
  return { _embedded: { signatures: rows }, page, timeZone };
}
