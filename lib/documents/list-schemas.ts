import { z } from "zod";
import { lineText } from "@/lib/validation/text";

// Pure: the /signatures screen and the API share the list's query and row shapes.

export const documentStatuses = [
  "DRAFT",
  "SCHEDULED",
  "SENT",
  "IN_PROGRESS",
  "IN_REVIEW",
  "COMPLETED",
  "REJECTED",
  "CANCELLED",
  "EXPIRED",
] as const;
export type DocumentStatusName = (typeof documentStatuses)[number];

/** Spring-style page and size, a free-text search over title and tags, and an optional status filter. */
export const listDocumentsQuery = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce.number().int().min(1).max(100).optional(),
  search: lineText().trim().max(100).optional(),
  status: z.enum(documentStatuses).optional(),
});

export type DocumentListRow = {
  documentHexId: string;
  title: string;
  status: DocumentStatusName;
  tags: string[];
  signersTotal: number;
  signersSigned: number;
  sentAt: string | null;
  expirationDate: string | null;
  createdAt: string;
};

export type DocumentListPage = {
  _embedded: { documents: DocumentListRow[] };
  page: { size: number; totalElements: number; totalPages: number; number: number };
};
