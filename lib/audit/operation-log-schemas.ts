import { z } from "zod";
import { lineText } from "@/lib/validation/text";
import type { Module } from "@/lib/db/generated/enums";
import { AppError } from "@/lib/errors/app-error";
import { addMonths, isCalendarDay } from "@/lib/i18n/time-zone";
import { modules } from "@/lib/permissions/authorities";

// The operations list (/trading-history) and its exports share these filters; the screen imports only the types.

const day = z
  .string()
  .refine(isCalendarDay, "VALIDATION_FAILED")
  .describe("YYYY-MM-DD, a day on the organisation's clocks (organization_tz), inclusive");

/** Free text over event, detail and user name or e-mail; one module; a day range in the organisation's time zone. */
export const operationLogFilters = z.object({
  search: lineText().trim().max(100).optional().describe("Every word must appear in the event, the detail, or the user's name or e-mail"),
  moduleId: z.enum(modules as unknown as [Module, ...Module[]], { error: "VALIDATION_FAILED" }).optional(),
  from: day.optional(),
  to: day.optional(),
});
export type OperationLogFilters = z.infer<typeof operationLogFilters>;

export const searchOperationLogsQuery = operationLogFilters.extend({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce.number().int().min(1).max(100).optional().describe("Rows per page; default_page_size when absent"),
});

export const operationLogExportFormats = ["xlsx", "pdf"] as const;
export type OperationLogExportFormat = (typeof operationLogExportFormats)[number];

export const exportOperationLogsQuery = operationLogFilters.extend({
  format: z.enum(operationLogExportFormats, { error: "VALIDATION_FAILED" }).default("xlsx"),
});

/**
 * Spec §5: a log export covers one month at most, and its start is not after its end. Without
 * dates it is the month up to today; with one date, the month from or up to it.
 */
export function exportRange(from: string | undefined, to: string | undefined, today: string): { from: string; to: string } {
  const end = to ?? (from ? addMonths(from, 1) : today);
  const start = from ?? addMonths(end, -1);
  if (start > end) throw new AppError("LOG_EXPORT_DATES", { field: "from" });
  if (start < addMonths(end, -1)) throw new AppError("LOG_EXPORT_RANGE", { field: "from" });
  return { from: start, to: end };
}

/** At most this many rows go into one export file. */
export const operationLogExportMaxRows = 10_000;

export type OperationLogRow = {
  id: number;
  moduleId: Module;
  eventUserId: number | null;
  /** The acting user's first and last name, or null when the row has no user (or the user is gone). */
  userFullName: string | null;
  userEmail: string | null;
  operationEventId: string;
  /** YYYY-MM-DD HH:mm:ss on the organisation's clocks (timeZone of the page). */
  eventTimestamp: string;
  detail: string;
  organizationId: string;
};

export type OperationLogPage = {
  _embedded: { operationLogs: OperationLogRow[] };
  page: { size: number; totalElements: number; totalPages: number; number: number };
  timeZone: string;
};
