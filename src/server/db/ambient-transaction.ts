// One transaction around work that spans several services and repositories (an approval applies a change through the
// business, event or offer service, the owners and the audit): every query run inside `transaction(work)` goes to
// its connection, whichever repository runs it, and a transaction a repository opens inside it is a savepoint of it.
// So the work commits whole or not at all, and a crash at any moment leaves none of it.
import { AsyncLocalStorage } from "node:async_hooks";
import { CompiledQuery, type DatabaseConnection, type Dialect, type DialectAdapter, type Driver, type TransactionSettings } from "kysely";

interface Ambient {
  connection: DatabaseConnection;
  /** False once the transaction has ended: work it started and left running goes back to the pool. */
  open: boolean;
  savepoints: number;
  /** The savepoints begun inside, by connection, innermost last. */
  stack: string[];
}

const ambient = new AsyncLocalStorage<Ambient>();

const current = (connection?: DatabaseConnection) => {
  const store = ambient.getStore();
  return store?.open && (!connection || store.connection === connection) ? store : undefined;
};

/**
 * One user of the connection at a time, for an engine with one connection (SQLite). Kept here rather than by Kysely
 * (which would queue the transaction's own queries behind the transaction) so the queries inside go straight through.
 */
class Turns {
  private last: Promise<void> = Promise.resolve();
  async take(): Promise<() => void> {
    let done!: () => void;
    const previous = this.last;
    this.last = new Promise((resolve) => (done = resolve));
    await previous;
    return done;
  }
}

class AmbientDriver implements Driver {
  readonly inner: Driver;
  private readonly turns: Turns | undefined;
  private readonly holders = new Map<DatabaseConnection, Array<() => void>>();
  private initialized: Promise<void> | undefined;
  constructor(inner: Driver, oneConnection: boolean) {
    this.inner = inner;
    this.turns = oneConnection ? new Turns() : undefined;
  }

  init() {
    return (this.initialized ??= this.inner.init());
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const store = current();
    if (store) return store.connection;
    return this.acquireOwn();
  }

  private async acquireOwn(): Promise<DatabaseConnection> {
    await this.init();
    const done = await this.turns?.take();
    try {
      const connection = await this.inner.acquireConnection();
      if (done) this.holders.set(connection, [...(this.holders.get(connection) ?? []), done]);
      return connection;
    } catch (error) {
      done?.();
      throw error;
    }
  }

  private async releaseOwn(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.releaseConnection(connection);
    } finally {
      this.holders.get(connection)?.shift()?.();
    }
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const store = current(connection);
    if (!store) return this.begin(connection, settings);
    const name = `nested_${++store.savepoints}`;
    store.stack.push(name);
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${name}`));
  }

  /**
   * SQLite's transactions take the write lock as they begin (`begin immediate`), waiting for it as long as
   * busy_timeout says: one that began by reading could not become a writer once another process (the `user:create`
   * command, a backup) had written meanwhile, and failed at once with "database is locked".
   */
  private async begin(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    if (!this.turns) return this.inner.beginTransaction(connection, settings);
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const store = current(connection);
    if (!store) return this.inner.commitTransaction(connection);
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${store.stack.pop()!}`));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const store = current(connection);
    if (!store) return this.inner.rollbackTransaction(connection);
    const name = store.stack.pop()!;
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${name}`));
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${name}`));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    if (!current(connection)) await this.releaseOwn(connection);
  }

  destroy() {
    return this.inner.destroy();
  }

  /** Runs `work` in one transaction that every query inside it joins; nested, it joins the one already open. */
  async transaction<T>(work: () => Promise<T>): Promise<T> {
    if (current()) return work();
    const connection = await this.acquireOwn();
    const store: Ambient = { connection, open: true, savepoints: 0, stack: [] };
    try {
      await this.begin(connection, {});
      try {
        const result = await ambient.run(store, work);
        store.open = false;
        await this.inner.commitTransaction(connection);
        return result;
      } catch (error) {
        store.open = false;
        await this.inner.rollbackTransaction(connection);
        throw error;
      }
    } finally {
      store.open = false;
      await this.releaseOwn(connection);
    }
  }
}

/** The dialect with ambient transactions, and the function that opens one. */
export function withAmbientTransactions(dialect: Dialect): { dialect: Dialect; transaction: <T>(work: () => Promise<T>) => Promise<T> } {
  let driver: AmbientDriver | undefined;
  const adapter = dialect.createAdapter();
  // The driver takes turns on a single connection itself (see Turns).
  const sharing: DialectAdapter = new Proxy(adapter, {
    get: (target, name) => {
      if (name === "supportsMultipleConnections") return true;
      const value: unknown = Reflect.get(target, name, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  const wrapped: Dialect = {
    createDriver: () => (driver = new AmbientDriver(dialect.createDriver(), adapter.supportsMultipleConnections === false)),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => sharing,
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
  return {
    dialect: wrapped,
    transaction: (work) => {
      if (!driver) throw new Error("the database is not open");
      return driver.transaction(work);
    },
  };
}
