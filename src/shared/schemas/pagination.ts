// Page-numbered lists, so admin tables stay fast with tens of thousands of rows.
import { z } from "zod";
import { messages } from "../messages.ts";

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

const cursor = (description: string) =>
  z
    .string()
    .max(2000, { error: messages.pagination.cursorInvalid })
    .regex(/^[A-Za-z0-9_-]+$/, { error: messages.pagination.cursorInvalid })
    .optional()
    .meta({ description });

/**
 * A list that also reads a page from where the one before or after it stopped (decision 0068): as quick deep in the
 * list as at its start. `page` still numbers the page for its heading and its count.
 */
export const KeysetPaginationQuerySchema = PaginationQuerySchema.extend({
  after: cursor("The nextCursor of the page before: the page that follows it (page should be that page's number + 1)"),
  before: cursor("The previousCursor of the page after: the page that comes before it (page should be that page's number - 1)"),
});

export type KeysetPaginationQuery = z.infer<typeof KeysetPaginationQuerySchema>;

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
    nextCursor: z.string().optional().meta({ description: "On lists that take after: send it as after (with page + 1) for the next page; left out when the page is empty" }),
    previousCursor: z.string().optional().meta({ description: "On lists that take before: send it as before (with page - 1) for the page before; left out when the page is empty" }),
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
  /** Lists read by cursor: `after` for the next page, `before` for the one before (left out when the page is empty). */
  nextCursor?: string;
  previousCursor?: string;
}
