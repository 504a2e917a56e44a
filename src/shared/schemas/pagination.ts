// Page-numbered lists, so admin tables stay fast with tens of thousands of rows.
import { z } from "zod";

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

export const PaginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  /** The list's own order (by name, or by date) rising or falling; each list has its usual one when left out. */
  sort: z.enum(["asc", "desc"]).optional().meta({ description: "asc or desc: the list's order (by name, or by date); its usual one when left out" }),
});

export type SortDirection = "asc" | "desc";

export type PaginationQuery = z.infer<typeof PaginationQuerySchema>;

export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().meta({ description: "How many items the list holds; with totalIsLowerBound, at least this many (counting stopped there)" }),
    page: z.number().int(),
    pageSize: z.number().int(),
    totalIsLowerBound: z
      .boolean()
      .optional()
      .meta({ description: "true when a searched list matched more than it counts (1,000, or to the end of the page asked): total is then a lower bound, and a next page exists while page × pageSize < total; left out otherwise" }),
  });
}

export interface Paginated<T> {
  items: T[];
  /** How many items the list holds; with `totalIsLowerBound`, at least this many. */
  total: number;
  page: number;
  pageSize: number;
  /** A searched list's count stopped early: more match than `total` - 1, at least `total`. */
  totalIsLowerBound?: boolean;
}
