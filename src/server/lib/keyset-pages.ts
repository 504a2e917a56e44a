// Long lists read a page at a time by keyset (`id > last id`): the thousandth page costs what the first does, and
// memory holds one page whatever the list's length (the sitemap's businesses, events and offers).

/** One page of rows ordered by id: `limit` of them after `from.afterId`, or from position `from.offset`. */
export type IdPage<T extends { id: string }> = (limit: number, from: { afterId: string } | { offset: number }) => Promise<T[]>;

/** The rows from position `offset`, `limit` of them, read `pageSize` at a time. */
export async function* keysetPages<T extends { id: string }>(page: IdPage<T>, offset: number, limit: number, pageSize = 1000): AsyncGenerator<T[]> {
  let from: { afterId: string } | { offset: number } = { offset };
  for (let left = limit; left > 0; ) {
    const rows = await page(Math.min(pageSize, left), from);
    if (rows.length === 0) return;
    yield rows;
    left -= rows.length;
    from = { afterId: rows.at(-1)!.id };
  }
}
