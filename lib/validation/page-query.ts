import { z } from "zod";
import { lineText } from "./text";

// The query of a server-paged list (spec §7): Spring-style `page` and `size`, a free-text `search`,
// and `sort=field,direction` over the fields the list allows.

/** `page`, `size` and `search`, and `sort` read as { field, direction }: an unknown field sorts by `fallback`, ascending unless "desc". */
export function pagedListQuery<F extends string>(sortFields: readonly F[], fallback: F) {
  return z.object({
    page: z.coerce.number().int().min(0).max(1_000_000).default(0),
    size: z.coerce.number().int().min(1).max(100).optional(),
    search: lineText().trim().max(100).optional(),
    sort: z
      .string()
      .optional()
      .transform((value) => {
        const [field, direction] = (value ?? "").split(",");
        return {
          field: (sortFields as readonly string[]).includes(field ?? "") ? (field as F) : fallback,
          direction: direction?.toLowerCase() === "desc" ? ("desc" as const) : ("asc" as const),
        };
      }),
  });
}
