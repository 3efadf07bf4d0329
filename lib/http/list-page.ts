import { z } from "zod";

/** The spec's page of a list (`GET {path}?page={n}` → `_embedded` + `page`). */
export type ListPage = { size: number; totalElements: number; totalPages: number; number: number };

export const listPageSchema = z.object({
  size: z.number().int().describe("Records per page"),
  totalElements: z.number().int().describe("Records in the whole list"),
  totalPages: z.number().int(),
  number: z.number().int().describe("This page's number, from 0"),
});

/** The answer shape of a list, with its records under `_embedded.<name>`, described for the OpenAPI document. */
export function listSchema<K extends string, T extends z.ZodType>(name: K, item: T) {
  return z.object({ _embedded: z.object({ [name]: z.array(item) } as Record<K, z.ZodArray<T>>), page: listPageSchema });
}

/** A list short enough to answer whole (an organisation's roles, groups, keys…), as the one page of the list shape. */
export function wholeList<K extends string, T>(name: K, items: T[]): { _embedded: Record<K, T[]>; page: ListPage } {
  return {
    _embedded: { [name]: items } as Record<K, T[]>,
    page: { size: items.length, totalElements: items.length, totalPages: 1, number: 0 },
  };
}
