import type { AuthContext } from "@/lib/auth/context";
import { getConfigNumber } from "@/lib/config/values";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { linkInclude, toValidationLinkView } from "./link-records";
import { listValidationLinksQuery, type ValidationLinkPage } from "./schemas";

/** GET /api/validations: one page of the organisation's validation links, newest first, searched by description. */
export async function listValidationLinks(context: AuthContext, raw: unknown): Promise<ValidationLinkPage> {
  const query = listValidationLinksQuery.parse(raw);
  const size = query.size ?? (await getConfigNumber(context.organizationId, "default_page_size"));
  const words = (query.search ?? "").split(/\s+/).filter(Boolean).slice(0, 8);
  const where: Prisma.ValidationLinkWhereInput = {
    organizationId: context.organizationId,
    AND: words.map((word) => ({
      OR: [{ description: { contains: word, mode: "insensitive" } }, { flow: { name: { contains: word, mode: "insensitive" } } }],
    })),
  };
  const [total, rows] = await Promise.all([
    db.validationLink.count({ where }),
    db.validationLink.findMany({
      where,
      include: linkInclude,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: query.page * size,
      take: size,
    }),
  ]);
  return {
    _embedded: { validations: rows.map(toValidationLinkView) },
    page: { size, totalElements: total, totalPages: Math.ceil(total / size), number: query.page },
  };
}
