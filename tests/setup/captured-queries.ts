// The SQL a piece of code sends, compiled as the database gets it, captured while it runs: for the tests that give a
// repository's own queries to the planner (`explain`), and the benchmarks that time them alone.
import type { CompiledQuery, Kysely } from "kysely";
import type { DB } from "#server/db/database-types.ts";

/** The queries `run` sends through the `db` it is handed (a copy of `db` that captures them), in order. */
export async function queriesOf(db: Kysely<DB>, run: (db: Kysely<DB>) => Promise<unknown>): Promise<CompiledQuery[]> {
  const captured: CompiledQuery[] = [];
  const executor = db.getExecutor();
  const capturing = db.withPlugin({
    transformQuery: ({ node, queryId }) => {
      captured.push(executor.compileQuery(node, queryId));
      return node;
    },
    transformResult: ({ result }) => Promise.resolve(result),
  });
  await run(capturing);
  return captured;
}
