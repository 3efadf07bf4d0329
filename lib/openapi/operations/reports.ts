import { z } from "zod";
import {
  reportCharts,
  reportExportFormat,
  reportFilters,
  reportNames,
  shipmentReportFilters,
  shipmentReportPage,
  shipmentReportQuery,
  signatureReportPage,
  signatureReportQuery,
} from "@/lib/reports/report-schemas";
import { operationGroup } from "./common";

const days =
  "`from` and `to` are days (YYYY-MM-DD, inclusive) on the organisation's clocks (organization_tz) and select shipments by their creation day.";
const xlsx = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export const reportOperations = operationGroup(
  "Reports",
  "tokenOrApiKey",
)({
  shipmentReport: {
    method: "get",
    path: "/api/reports/shipments",
    requires: { kind: "privilege", module: "DOCUMENTO", action: "EXPORT" },
    tenancy: "organization",
    summary: "The shipment report (REPORT_ENVIO): one row per shipment, filtered, sorted and paged on the server",
    description: `${days} Sender and flow by hexId; every word of \`search\` must appear in the title or be a tag. Each row counts the shipment's signers, signed and rejected, and the seconds from sending to completion.`,
    query: shipmentReportQuery,
    responses: {
      200: {
        description: "A page of rows under _embedded.shipments",
        body: { schema: shipmentReportPage, component: "ShipmentReportPage" },
      },
    },
  },
  signatureReport: {
    method: "get",
    path: "/api/reports/signatures",
    requires: { kind: "privilege", module: "DOCUMENTO", action: "EXPORT" },
    tenancy: "organization",
    summary: "The signature report (REPORT_SIGNATURE): one row per signer, filtered, sorted and paged on the server",
    description: `${days} \`status\` is the signer's; \`search\` also looks in the signer's name and e-mail. Each row has the signer's dates, rejection reason, the latest settled face comparison (with its distance) and liveness check, and whether a location was shared.`,
    query: signatureReportQuery,
    responses: {
      200: {
        description: "A page of rows under _embedded.signatures",
        body: { schema: signatureReportPage, component: "SignatureReportPage" },
      },
    },
  },
  exportReport: {
    method: "get",
    path: "/api/reports/{report}/export",
    requires: { kind: "privilege", module: "DOCUMENTO", action: "EXPORT" },
    tenancy: "organization",
    summary: "Download a report with its filters and sort as an Excel or PDF file",
    description:
      "Headers and dates in the caller's language, times on the organisation's clocks. At most 5,000 rows: more answers 400 REPORT_EXPORT_TOO_LARGE (narrow the filters). Every export is written to the operation log (REPORT_EXPORT).",
    pathParams: z.object({ report: z.enum(reportNames).describe("shipments or signatures; anything else answers 404") }),
    query: reportFilters.extend({
      ...reportExportFormat.shape,
      status: z.string().optional().describe("The report's status filter: a shipment status or a signer status"),
      sort: z.string().optional().describe("As in the report"),
    }),
    responses: { 200: { description: "The file, as an attachment", files: [xlsx, "application/pdf"] } },
  },
  reportCharts: {
    method: "get",
    path: "/api/reports/charts",
    requires: { kind: "privilege", module: "DOCUMENTO", action: "EXPORT" },
    tenancy: "organization",
    summary: "The report charts' aggregates: shipments per day by status, completion times, rejections, identity-check outcomes",
    description:
      "Without dates, the 30 days up to today; at most 366 days (400 REPORT_RANGE_TOO_LONG). Each series counts by the day its event happened on the organisation's clocks: shipments by creation, completions, signers' rejections, settled checks of selfies (face match) and videos (liveness). The sender, flow, search and shipment-status filters apply to every series.",
    query: shipmentReportFilters,
    responses: { 200: { description: "The series", body: { schema: reportCharts, component: "ReportCharts" } } },
  },
});
