import pg from "pg";

export const PG_TEST_PREFIX = "niche_t_";
export const PG_TEMPLATE = `${PG_TEST_PREFIX}template`;

export async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
