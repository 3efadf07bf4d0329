import { AppError } from "@/lib/errors/app-error";
import { reportNames, type ReportName } from "./report-schemas";

/** The report a path segment names; any other answers 404. */
export function reportNameOf(segment: string): ReportName {
  if (!(reportNames as readonly string[]).includes(segment)) throw new AppError("NOT_FOUND");
  return segment as ReportName;
}
