/**
 * Kysely over our own `Sql` handle (lib/database/index.ts), so both drivers, the pool and transactions stay
 * in one place: Kysely's PostgreSQL adapter, compiler and introspector, with a driver that only forwards the
 * compiled text and parameters to `Sql.query`. `typed(sql)` on a transaction handle runs every query on that
 * transaction's connection, so row locks taken in it hold until it ends (see kysely.int.test.ts).
 *
 * Naming: snake_case in SQL, camelCase in TypeScript, converted by CamelCasePlugin both ways (tables,
 * columns, result keys). The keys inside jsonb values are left as stored.
 */
import {
  CamelCasePlugin,
  type Compilable,
  type CompiledQuery,
  type DatabaseConnection,
  DefaultConnectionProvider,
  DefaultQueryExecutor,
  type Dialect,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from "kysely";
import type { Sql } from "./index";

// One Kysely per handle: the database's lives as long as it; a transaction's goes with it.
// biome-ignore lint/suspicious/noExplicitAny: the instance is schema-agnostic at run time; typed() types it
const instances = new WeakMap<Sql, Kysely<any>>();

// Shared by every instance (Kysely shares them between concurrent queries too: compiling is synchronous).
// Building a Kysely from a dialect costs ~200 µs; from these parts, a few µs — it happens per transaction.
const adapter = new PostgresAdapter();
const compiler = new PostgresQueryCompiler();
/** CamelCasePlugin, with its name mapping open to camelRows(). */
class CamelCase extends CamelCasePlugin {
  nameOf(key: string): string {
    return this.camelCase(key);
  }
}
const camelCase = new CamelCase({ maintainNestedObjectKeys: true });
const plugins = [camelCase];
const dialect: Dialect = {
  createAdapter: () => adapter,
  createDriver: () => {
    throw new Error("typed() builds its drivers itself");
  },
  createIntrospector: (db) => new PostgresIntrospector(db),
  createQueryCompiler: () => compiler,
};

/** A typed query builder whose queries run on `sql` (a database, or a transaction's handle). */
export function typed<DB>(sql: Sql): Kysely<DB> {
  let db = instances.get(sql);
  if (!db) {
    const driver = new SqlDriver(sql);
    const executor = new DefaultQueryExecutor(
      compiler,
      adapter,
      new DefaultConnectionProvider(driver),
      plugins,
    );
    db = new Kysely({ config: { dialect, plugins }, dialect, driver, executor });
    instances.set(sql, db);
  }
  return db as Kysely<DB>;
}

/** A placeholder for an argument while a prepared statement is compiled; replaced by its value per call. */
class Arg {
  constructor(readonly name: string) {}
}

/**
 * A statement built and compiled once, then run with each call's arguments. Kysely's compile, with the
 * CamelCasePlugin's rewrite of the query tree, costs about 50–100 µs a query on this machine; the hot paths
 * (the sandbox's create, its admission counter) take it once. `build` runs a single time with a placeholder
 * for each of `names` (an object with exactly those keys, so `.values(args)` lists them all), so it must not
 * compute with them (no branching, no JSON.stringify): pass them ready. Results still go through the plugin.
 */
export function prepare<DB, A extends Record<string, unknown>, O>(
  names: readonly (keyof A & string)[],
  build: (db: Kysely<DB>, args: A) => Compilable<O>,
): (sql: Sql, args: A) => Promise<O[]> {
  const run = prepareShaped<DB, null, A, O>(
    () => "",
    names,
    (db, _shape, args) => build(db, args),
  );
  return (sql, args) => run(sql, null, args);
}

/**
 * prepare() for a statement whose form varies (which filters are set, which way a page goes): compiled once
 * per `shape`, as `keyOf(shape)` names it. `build` may branch on the shape, never on the arguments; every
 * value that differs between two calls of one shape must come from `args`. Keep the shapes few (a handful of
 * flags): each is kept for the life of the process.
 */
export function prepareShaped<DB, S, A extends Record<string, unknown>, O>(
  keyOf: (shape: S) => string,
  names: readonly (keyof A & string)[],
  build: (db: Kysely<DB>, shape: S, args: A) => Compilable<O>,
): (sql: Sql, shape: S, args: A) => Promise<O[]> {
  const compiled = new Map<string, CompiledQuery<O>>();
  const compile = (shape: S) => {
    const placeholders = Object.fromEntries(names.map((name) => [name, new Arg(name)]));
    const guarded = new Proxy(placeholders, {
      get: (target, name) => {
        if (typeof name === "string" && !(name in target))
          throw new Error(`prepare: ${name} is not in names`);
        return target[name as string];
      },
    });
    return build(typed<DB>(compileOnly), shape, guarded as A).compile();
  };
  return async (sql, shape, args) => {
    const key = keyOf(shape);
    let query = compiled.get(key);
    if (!query) {
      query = compile(shape);
      compiled.set(key, query);
    }
    const parameters = query.parameters.map((p) => {
      if (!(p instanceof Arg)) return p;
      const value = args[p.name];
      if (value === undefined)
        throw new Error(`prepared statement: argument ${p.name} is undefined (pass null)`);
      return value;
    });
    return camelRows<O>(await sql.query<Record<string, unknown>>(query.sql, parameters));
  };
}

/**
 * Result rows re-keyed snake_case → camelCase, as CamelCasePlugin's transformResult does (top-level keys
 * only: maintainNestedObjectKeys), with each name mapped once per result rather than once per row and
 * column: on a 50-row page of the orders list, the plugin's way cost ~40 µs of CPU, this a few.
 */
function camelRows<O>(rows: Record<string, unknown>[]): O[] {
  const first = rows[0];
  if (!first) return rows as O[];
  const keys = Object.keys(first);
  const names = keys.map((key) => camelCase.nameOf(key));
  if (keys.every((key, i) => key === names[i])) return rows as O[];
  return rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) out[names[i] as string] = row[keys[i] as string];
    return out as O;
  });
}

const compileOnly: Sql = {
  query: () => Promise.reject(new Error("compile only")),
  transaction: () => Promise.reject(new Error("compile only")),
  exec: () => Promise.reject(new Error("compile only")),
};

const ROLLBACK = Symbol("rollback");

/** One query at a time on `root`, or, between begin and commit/rollback, on one transaction of it. */
class SqlConnection implements DatabaseConnection {
  private target: Sql;
  private finish?: { commit(): void; rollback(reason: unknown): void; done: Promise<void> };

  constructor(private readonly root: Sql) {
    this.target = root;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return { rows: await this.target.query<R>(query.sql, query.parameters) };
  }

  // biome-ignore lint/correctness/useYield: streaming is not offered by the Sql interface
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("streaming queries are not supported; page with keyset queries instead");
  }

  /** Opens `root.transaction` and keeps it open (its callback waits) until commit or rollback. */
  begin(): Promise<void> {
    return new Promise((started, failed) => {
      let open = false;
      const done = this.root.transaction(
        (tx) =>
          new Promise<void>((commit, rollback) => {
            this.target = tx;
            this.finish = { commit: () => commit(), rollback, done };
            open = true;
            started();
          }),
      );
      done.catch((error) => {
        if (!open) failed(error);
      });
    });
  }

  async end(outcome: "commit" | "rollback"): Promise<void> {
    const finish = this.finish;
    this.finish = undefined;
    this.target = this.root;
    if (!finish) throw new Error("no transaction is open on this connection");
    if (outcome === "commit") {
      finish.commit();
      await finish.done;
    } else {
      finish.rollback(ROLLBACK);
      await finish.done.catch((error) => {
        if (error !== ROLLBACK) throw error;
      });
    }
  }
}

class SqlDriver implements Driver {
  constructor(private readonly sql: Sql) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new SqlConnection(this.sql);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const c = connection as SqlConnection;
    await c.begin();
    const { isolationLevel, accessMode } = settings;
    if (isolationLevel || accessMode) {
      const parts = [isolationLevel && `ISOLATION LEVEL ${isolationLevel}`, accessMode].filter(Boolean);
      await c.executeQuery({ sql: `SET TRANSACTION ${parts.join(" ")}`, parameters: [] } as never);
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as SqlConnection).end("commit");
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as SqlConnection).end("rollback");
  }

  async releaseConnection(): Promise<void> {}

  // The Database owns the pool or the PGlite instance and closes it.
  async destroy(): Promise<void> {}
}
