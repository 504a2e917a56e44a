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
  return z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
}

export interface Paginated<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
