import type { Prisma } from "@/lib/db/generated/client";
import type { AuthContext } from "@/lib/auth/context";
import { getConfigNumber } from "@/lib/config/values";
import { db } from "@/lib/db/client";
import { listUsersQuery, type UserPage, type UserSortField } from "./schemas";
import { toUserView, userInclude } from "./user-records";

/** Every word must appear in the first name, last name, e-mail or phone, so "ana garcía" finds Ana García. */
function userSearch(organizationId: number, search: string | undefined, hasApi: boolean | undefined): Prisma.UserWhereInput {
  const words = (search ?? "").split(/\s+/).filter(Boolean).slice(0, 8);
  const contains = (word: string) => ({ contains: word, mode: "insensitive" as const });
  return {
    organizationId,
    ...(hasApi === undefined ? {} : { hasApi }),
    AND: words.map((word) => ({
      OR: [{ firstName: contains(word) }, { lastName: contains(word) }, { email: contains(word) }, { cellPhone: contains(word) }],
    })),
  };
}

/** /users list: one page of the organisation's users in the Spring Data REST page shape. */
export async function listUsers(context: AuthContext, raw: unknown): Promise<UserPage> {
  const query = listUsersQuery.parse(raw);
  const size = query.size ?? (await getConfigNumber(context.organizationId, "default_page_size"));
  const where = userSearch(context.organizationId, query.search, query.hasApi === undefined ? undefined : query.hasApi === "true");
  const { field, direction } = query.sort;
  const column: Record<UserSortField, Prisma.UserOrderByWithRelationInput> = {
    lastName: { lastName: direction },
    firstName: { firstName: direction },
    email: { email: direction },
    createdAt: { createdAt: direction },
    lastLoginAt: { lastLoginAt: { sort: direction, nulls: "last" } },
  };
  // A stable tiebreak, so a page never repeats or skips a user with the same sort value.
  const orderBy: Prisma.UserOrderByWithRelationInput[] = [column[field], { firstName: "asc" }, { id: "asc" }];
  const [total, rows] = await Promise.all([
    db.user.count({ where }),
    db.user.findMany({ where, include: userInclude, orderBy, skip: query.page * size, take: size }),
  ]);
  return {
    _embedded: { users: rows.map(toUserView) },
    page: { size, totalElements: total, totalPages: Math.ceil(total / size), number: query.page },
  };
}
