import type { Prisma } from "@/lib/db/generated/client";
import type { AuthContext } from "@/lib/auth/context";
import { getConfigNumber } from "@/lib/config/values";
import { db } from "@/lib/db/client";
import { listDocumentsQuery, type DocumentListPage } from "./list-schemas";

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Every word must appear in the title or be one of the tags, so "contrato ventas" narrows down. */
function documentSearch(organizationId: number, search: string | undefined): Prisma.DocumentWhereInput {
  const words = (search ?? "").split(/\s+/).filter(Boolean).slice(0, 8);
  return {
    organizationId,
    AND: words.map((word) => ({ OR: [{ title: { contains: word, mode: "insensitive" as const } }, { tags: { has: word } }] })),
  };
}

/** GET /api/documents: one page of the organisation's shipments, newest first, with their signer counts. */
export async function listDocuments(context: AuthContext, raw: unknown): Promise<DocumentListPage> {
  const query = listDocumentsQuery.parse(raw);
  const size = query.size ?? (await getConfigNumber(context.organizationId, "default_page_size"));
  const where: Prisma.DocumentWhereInput = {
    ...documentSearch(context.organizationId, query.search),
    ...(query.status ? { status: query.status } : {}),
  };
  // The signers' statuses come with the page in one batched read, so counting them costs no query per row.
  const [total, rows] = await Promise.all([
    db.document.count({ where }),
    db.document.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: query.page * size,
      take: size,
      select: {
        hexId: true,
        title: true,
        status: true,
        tags: true,
        sentAt: true,
        expirationDate: true,
        createdAt: true,
        signers: { select: { status: true } },
      },
    }),
  ]);
  return {
    _embedded: {
      documents: rows.map((row) => ({
        documentHexId: row.hexId,
        title: row.title,
        status: row.status,
        tags: row.tags,
        signersTotal: row.signers.length,
        signersSigned: row.signers.filter((signer) => signer.status === "COMPLETED").length,
        sentAt: iso(row.sentAt),
        expirationDate: iso(row.expirationDate),
        createdAt: row.createdAt.toISOString(),
      })),
    },
    page: { size, totalElements: total, totalPages: Math.ceil(total / size), number: query.page },
  };
}
