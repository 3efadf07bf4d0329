import type { AuthContext } from "@/lib/auth/context";
import { getConfigNumber } from "@/lib/config/values";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { listValidationProcessesQuery, type ValidationProcessPage, type ValidationProcessRow } from "./schemas";

const personName = (process: { firstName: string | null; lastName: string | null }) =>
  [process.firstName, process.lastName].filter(Boolean).join(" ") || null;

/**
 * GET /api/validation-processes: one page of the organisation's validation processes, newest first, optionally of
 * one status and one link; every word of `q` must appear in the person's name, identification number or e-mail,
 * or the link's description. Each row carries a summary of its checks; `counts` feeds the status tabs.
 */
export async function listValidationProcesses(context: AuthContext, raw: unknown): Promise<ValidationProcessPage> {
  const query = listValidationProcessesQuery.parse(raw);
  const size = query.size ?? (await getConfigNumber(context.organizationId, "default_page_size"));
  const words = (query.q ?? "").split(/\s+/).filter(Boolean).slice(0, 8);
  const scope: Prisma.ValidationProcessWhereInput = {
    organizationId: context.organizationId,
    ...(query.validationHexId ? { validationLink: { hexId: query.validationHexId } } : {}),
    AND: words.map((word) => ({
      OR: [
        { firstName: { contains: word, mode: "insensitive" } },
        { lastName: { contains: word, mode: "insensitive" } },
        { identNumber: { contains: word, mode: "insensitive" } },
        { email: { contains: word, mode: "insensitive" } },
        { hexId: word.toLowerCase() },
        { validationLink: { description: { contains: word, mode: "insensitive" } } },
      ],
    })),
  };
  const where: Prisma.ValidationProcessWhereInput = { ...scope, ...(query.status ? { status: query.status } : {}) };
  const [total, rows, grouped] = await Promise.all([
    db.validationProcess.count({ where }),
    db.validationProcess.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: query.page * size,
      take: size,
      include: {
        validationLink: { select: { hexId: true, description: true } },
        flow: { select: { name: true } },
        evidences: { select: { check: true } },
        _count: { select: { locations: { where: { latitude: { not: null } } } } },
      },
    }),
    db.validationProcess.groupBy({ by: ["status"], where: scope, _count: { _all: true } }),
  ]);
  const counts: Record<string, number> = {};
  for (const group of grouped) counts[group.status] = group._count._all;
  return {
    _embedded: {
      validationProcesses: rows.map((process): ValidationProcessRow => ({
        processHexId: process.hexId,
        person: personName(process),
        identNumber: process.identNumber,
        validationHexId: process.validationLink?.hexId ?? null,
        description: process.validationLink?.description ?? null,
        flowName: process.flow.name,
        status: process.status,
        startedAt: process.createdAt.toISOString(),
        updatedAt: process.updatedAt.toISOString(),
        checks: {
          evidences: process.evidences.length,
          verified: process.evidences.filter((e) => e.check === "VERIFIED").length,
          failed: process.evidences.filter((e) => e.check === "FAILED").length,
          inReview: process.evidences.filter((e) => e.check === "IN_REVIEW").length,
          pending: process.evidences.filter((e) => e.check === "PENDING").length,
          located: process._count.locations > 0,
        },
      })),
    },
    page: { size, totalElements: total, totalPages: Math.ceil(total / size), number: query.page },
    counts,
  };
}
