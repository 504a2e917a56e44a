// Counts the SQL statements the app sends while some work runs: the tests that a page or an API read takes the same
// number of statements however many rows it shows.
import type { KyselyPlugin } from "kysely";

export function statementCounter() {
  const state = { counting: false, count: 0 };
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      if (state.counting) state.count += 1;
      return args.node;
    },
    transformResult: (args) => Promise.resolve(args.result),
  };
  /** What `work` answers, and how many statements it took. */
  async function count<T>(work: () => Promise<T>): Promise<{ result: T; statements: number }> {
    state.count = 0;
    state.counting = true;
    try {
      const result = await work();
      return { result, statements: state.count };
    } finally {
      state.counting = false;
    }
  }
  return { plugin, count };
}
