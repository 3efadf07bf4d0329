import { z } from "zod";
import { documentStatuses } from "@/lib/documents/list-schemas";
import { isCalendarDay } from "@/lib/i18n/time-zone";
import { lineText } from "@/lib/validation/text";

// Pure: the report screens (/report/{item}/{id}/{type}), the dashboard's charts and the REST calls
// (/api/reports/*) share the filters and the row shapes.

/** The report names of the REST API and the spec's report types of the portal path they stand for. */
export const reportNames = ["shipments", "signatures"] as const;
export type ReportName = (typeof reportNames)[number];

export const reportTypes = { REPORT_ENVIO: "shipments", REPORT_SIGNATURE: "signatures" } as const satisfies Record<string, ReportName>;
export type ReportType = keyof typeof reportTypes;

export function reportOfType(type: string): ReportName | null {
  return Object.hasOwn(reportTypes, type) ? reportTypes[type as ReportType] : null;
}

export const signerStatuses = [
  "PENDING",
  "IN_PROGRESS",
  "IN_REVIEW",
  "COMPLETED",
  "REJECTED",
  "LAPSED",
  "CANCELLED",
  "ATTEMPTS_EXHAUSTED",
] as const;
export type SignerStatusName = (typeof signerStatuses)[number];

const day = z
  .string()
  .refine(isCalendarDay, "VALIDATION_FAILED")
  .describe("YYYY-MM-DD, a day on the organisation's clocks (organization_tz), inclusive");
const hexId = z.string().regex(/^[0-9a-f]{32}$/, "VALIDATION_FAILED");

/** A chart or report spans at most this many days, so a per-day series stays drawable. */
export const reportMaxDays = 366;

/**
 * What both reports and the charts filter on. The days are the organisation's calendar days; in a report
 * they apply to the shipment's creation, in a chart to the moment each series counts (created,
 * completed, rejected, checked). Sender and flow by hexId; every word of `search` must appear in the
 * title or be a tag (the signature report also looks in the signer's name and e-mail).
 */
export const reportFilters = z.object({
  from: day.optional(),
  to: day.optional(),
  sender: hexId.optional().describe("The sending user's hexId"),
  flow: hexId.optional().describe("The flow's hexId"),
  search: lineText().trim().max(100).optional(),
});
export type ReportFilters = z.infer<typeof reportFilters>;

export const shipmentSortFields = ["createdAt", "sentAt", "completedAt", "title", "status", "signers", "timeToComplete"] as const;
export const signatureSortFields = ["invitedAt", "signedAt", "rejectedAt", "title", "signer", "status", "position"] as const;

const sort = <F extends string>(fields: readonly F[], fallback: F) =>
  z
    .string()
    .optional()
    .describe(`field,direction with field one of ${fields.join(", ")}; newest first by default`)
    .transform((value) => {
      const [field, direction] = (value ?? "").split(",");
      return {
        field: (fields as readonly string[]).includes(field ?? "") ? (field as F) : fallback,
        direction: value && direction?.toLowerCase() === "asc" ? ("asc" as const) : ("desc" as const),
      };
    });

const paging = {
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce.number().int().min(1).max(100).optional().describe("Rows per page; default_page_size when absent"),
};

export const shipmentReportFilters = reportFilters.extend({ status: z.enum(documentStatuses, { error: "VALIDATION_FAILED" }).optional() });
export const signatureReportFilters = reportFilters.extend({ status: z.enum(signerStatuses, { error: "VALIDATION_FAILED" }).optional() });
export type ShipmentReportFilters = z.infer<typeof shipmentReportFilters>;
export type SignatureReportFilters = z.infer<typeof signatureReportFilters>;

export const shipmentReportQuery = shipmentReportFilters.extend({ ...paging, sort: sort(shipmentSortFields, "createdAt") });
export const signatureReportQuery = signatureReportFilters.extend({ ...paging, sort: sort(signatureSortFields, "invitedAt") });
export type ShipmentReportQuery = z.infer<typeof shipmentReportQuery>;
export type SignatureReportQuery = z.infer<typeof signatureReportQuery>;

export const reportExportFormats = ["xlsx", "pdf"] as const;
export type ReportExportFormat = (typeof reportExportFormats)[number];
export const reportExportFormat = z.object({ format: z.enum(reportExportFormats, { error: "VALIDATION_FAILED" }).default("xlsx") });

/** At most this many rows go into one export file; more answers REPORT_EXPORT_TOO_LARGE. */
export const reportExportMaxRows = 5_000;

const isoDate = z.string().describe("ISO 8601 instant");

export const shipmentReportRow = z.object({
  documentHexId: z.string(),
  title: z.string(),
  sender: z.string().nullable().describe("The sending user's name"),
  senderEmail: z.string().nullable(),
  status: z.enum(documentStatuses),
  createdAt: isoDate,
  sentAt: isoDate.nullable(),
  completedAt: isoDate.nullable(),
  signersTotal: z.number().int(),
  signersSigned: z.number().int(),
  signersRejected: z.number().int(),
  secondsToComplete: z.number().int().nullable().describe("From sending to completion, for completed shipments"),
  flow: z.string().nullable().describe("The flow's name"),
  tags: z.array(z.string()),
});
export type ShipmentReportRow = z.infer<typeof shipmentReportRow>;

/** A settled automatic check: the face compared with the reference passed, failed or went to a person; null when none ran. */
export const checkOutcomes = ["PASS", "FAIL", "REVIEW"] as const;
export type CheckOutcome = (typeof checkOutcomes)[number];

export const locationOutcomes = ["GIVEN", "DENIED"] as const;

export const signatureReportRow = z.object({
  signerHexId: z.string().describe("The signer's signerHexId (as in GET /api/documents/{documentHexId}/status)"),
  documentHexId: z.string(),
  title: z.string(),
  signer: z.string(),
  email: z.string().nullable(),
  position: z.number().int().describe("The signing order"),
  status: z.enum(signerStatuses),
  invitedAt: isoDate.nullable(),
  signedAt: isoDate.nullable(),
  rejectedAt: isoDate.nullable(),
  rejectionReason: z.string().nullable(),
  faceMatch: z.enum(checkOutcomes).nullable().describe("The latest settled face comparison of the signer's selfie"),
  faceDistance: z.number().nullable().describe("Its face distance (lower is more alike)"),
  liveness: z.enum(checkOutcomes).nullable().describe("The latest settled liveness check of the signer's video"),
  location: z.enum(locationOutcomes).nullable().describe("Whether the signer shared their location; null when never asked"),
  locationName: z.string().nullable().describe("The reverse-geocoded place, or the coordinates"),
});
export type SignatureReportRow = z.infer<typeof signatureReportRow>;

const pageInfo = z.object({
  size: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
  number: z.number().int(),
});

export const shipmentReportPage = z.object({
  _embedded: z.object({ shipments: z.array(shipmentReportRow) }),
  page: pageInfo,
  timeZone: z.string(),
});
export const signatureReportPage = z.object({
  _embedded: z.object({ signatures: z.array(signatureReportRow) }),
  page: pageInfo,
  timeZone: z.string(),
});
export type ShipmentReportPage = z.infer<typeof shipmentReportPage>;
export type SignatureReportPage = z.infer<typeof signatureReportPage>;

/** Buckets of the completion-time distribution, by their upper bound in hours. */
export const completionBuckets = ["h1", "h24", "d3", "d7", "more"] as const;
export type CompletionBucket = (typeof completionBuckets)[number];

export const reportCharts = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  shipmentsPerDay: z
    .array(z.object({ day: z.string(), total: z.number().int(), byStatus: z.record(z.string(), z.number().int()) }))
    .describe("Every day of the range with the shipments created that day, by their current status"),
  completion: z.object({
    completed: z.number().int(),
    medianSeconds: z.number().nullable(),
    buckets: z.array(z.object({ bucket: z.enum(completionBuckets), count: z.number().int() })),
  }),
  rejectionsPerDay: z.array(z.object({ day: z.string(), count: z.number().int() })),
  topRejectionReasons: z.array(z.object({ reason: z.string().nullable(), count: z.number().int() })),
  identityChecks: z.array(
    z.object({ check: z.enum(["faceMatch", "liveness"]), PASS: z.number().int(), FAIL: z.number().int(), REVIEW: z.number().int() }),
  ),
});
export type ReportCharts = z.infer<typeof reportCharts>;
