/**
 * One small SQL interface over both storage backends (docs/architecture.md, Storage): embedded PGlite in a data folder by
 * default, a real PostgreSQL server through a connection pool when a URL is given. Both speak the same
 * PostgreSQL dialect, so schema, migrations and queries are shared. Used by the sandbox and the dashboard.
 *
 * Result conventions that hold on both drivers: `numeric` comes back as a string, `timestamptz` as a Date,
 * `jsonb` as parsed JSON. Avoid selecting int8 (bigint) columns without a cast: the drivers disagree on it.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import type { PoolClient } from "pg";
import { metrics, type PoolSource } from "@/lib/observability/metrics";
import { startPgliteMaintenance } from "./pglite-maintenance";
import { extractPgliteTemplate } from "./pglite-template-extract";
import { pgliteVersionAt, readPgliteTemplate, templateDecision } from "./pglite-template";
import { discardPrewarmedPgliteThread, openPgliteThread, pgliteModulePath } from "./pglite-thread";
import { log } from "@/lib/observability/logger";

export interface Sql {
  /** Runs one parametrised statement ($1, $2, ...) and returns its rows. */
  query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs `fn` in one transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  /** Runs a script of several statements as a whole, no parameters (simple protocol): migrations. */
  exec(script: string): Promise<void>;
}

export interface Database extends Sql {
  readonly kind: "pglite" | "postgres";
  /**
   * Calls `onPayload` with the payload of every NOTIFY on `channel` (after the notifying transaction
   * committed), from this process's connection or, on a PostgreSQL server, from any. Resolves once
   * listening; the function it gives stops it.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * PostgreSQL by URL (`poolMax`: connections of its pool, default 10), or PGlite in a folder or in memory. A
 * folder's `template`: the tarball a new folder is created from, when it fits (pglite-template.ts); memory's:
 * the tarball each memory database starts from (the tests make one per run, lib/testing/pglite-template-setup.ts,
 * instead of an initdb per database).
 */
export type DatabaseConfig =
  | { url: string; poolMax?: number }
  | { dataDir: string; template?: string }
  | { memory: true; template?: string };

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if ("url" in config) {
    discardPrewarmedPgliteThread();
    return openPostgres(config.url, config.poolMax ?? 10);
  }
  if ("dataDir" in config) return openPglite(config.dataDir, config.template);
  return openPglite(undefined, config.template);
}

/** The template's tarball when `dataDir` (memory when undefined) is to be created from it; logs why not when
 * one was given. */
function templateFor(dataDir: string | undefined, template: string | undefined): string | undefined {
  if (!template) return undefined;
  const decision = templateDecision(
    dataDir,
    readPgliteTemplate(template),
    pgliteVersionAt(pgliteModulePath()),
  );
  if ("use" in decision) return decision.use.tarball;
  log().info({ reason: decision.skip }, "database: PGlite template not used");
  return undefined;
}

const templateFailed = (error: unknown) =>
  log().warn(
    { error: error instanceof Error ? error.message : String(error) },
    "database: PGlite template failed, created the database anew",
  );

/**
 * Unpacks the template into the new folder `dataDir` (pglite-template-extract.ts), so PGlite opens it as an
 * existing database. Should that fail, what it wrote is removed (the folder held no database) and PGlite
 * creates the database itself.
 */
function seedFolderFromTemplate(dataDir: string, tarball: string): void {
  const before = new Set(readdirSync(dataDir));
  try {
    extractPgliteTemplate(readFileSync(tarball), dataDir);
    log().info({ template: tarball }, "database: new PGlite folder from the template");
  } catch (error) {
    for (const entry of readdirSync(dataDir))
      if (!before.has(entry)) rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    templateFailed(error);
  }
}

/** Templates unzipped for databases in memory, once per process: the tests open hundreds from one. */
const unzippedTemplates = new Map<string, Uint8Array>();

/** The unzipped tar of `tarball` for a database in memory; undefined (logged) when it cannot be read. */
function templateTarFor(tarball: string): Uint8Array | undefined {
  let tar = unzippedTemplates.get(tarball);
  if (tar) return tar;
  try {
    // zlib's checksum refuses a damaged file here, where PGlite's own gunzip (a web stream) would fail outside
    // any promise of ours and end its worker.
    tar = gunzipSync(readFileSync(tarball));
  } catch (error) {
    templateFailed(error);
    return undefined;
  }
  unzippedTemplates.set(tarball, tar);
  return tar;
}

/**
 * PostgreSQL's shared_buffers on PGlite, smaller than its default (128MB, sized for a server): PGlite clears all
 * of them as it starts (with 128MB, half a second of a sandbox's start on a slow machine and a third of a test
 * database's), and a folder's pages evicted from them stay in the system's file cache. A database in memory
 * needs fewer still: its files are in memory already. 32MB made no measurable difference to the sandbox's
 * create throughput (docs/operations.md).
 */
export const PGLITE_SHARED_BUFFERS = { folder: "32MB", memory: "16MB" } as const;

async function openPglite(dataDir: string | undefined, template?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const tarball = templateFor(dataDir, template);
  if (dataDir && tarball) seedFolderFromTemplate(dataDir, tarball);
  // In a worker thread, so its WebAssembly runs on another core than HTTP serving (pglite-thread.ts).
  const db = await openPgliteThread(dataDir, {
    // A database in memory has no folder to unpack into: PGlite loads the template's tar itself.
    templateTar: !dataDir && tarball ? templateTarFor(tarball) : undefined,
    sharedBuffers: dataDir ? PGLITE_SHARED_BUFFERS.folder : PGLITE_SHARED_BUFFERS.memory,
    onOpened: ({ templateError }) => {
      if (templateError) templateFailed(templateError);
    },
  });
  // When the last statement ended (0 while any runs): maintenance vacuums only in a quiet moment.
  let running = 0;
  let lastEnded = Date.now();
  const tracked = <T>(work: Promise<T>): Promise<T> => {
    running++;
    return work.finally(() => {
      running--;
      lastEnded = Date.now();
    });
  };
  // PGlite has no autovacuum: without it, cached plans and dead rows are never renewed (pglite-maintenance.ts).
  const stopMaintenance = startPgliteMaintenance(db, {
    idleMs: () => (running > 0 ? 0 : Date.now() - lastEnded),
  });
  const pool: PoolSource = { kind: "pglite", read: () => ({ busy: running }) };
  metrics().pools.add(pool);
  return {
    kind: db.kind,
    query: (text, params) => tracked(db.query(text, params)),
    transaction: (fn) => tracked(db.transaction(fn)),
    exec: (script) => tracked(db.exec(script)),
    listen: (channel, onPayload) => db.listen(channel, onPayload),
    close: async () => {
      metrics().pools.delete(pool);
      await stopMaintenance();
      await db.close();
    },
  };
}

async function openPostgres(url: string, poolMax: number): Promise<Database> {
  const { default: pg } = await import("pg");
  const pool = new pg.Pool({ connectionString: url, max: poolMax });
  // An idle pooled connection can be closed by the server (restart, DROP DATABASE … WITH (FORCE)); without
  // a listener that error would crash the process. The pool replaces the connection on the next query.
  pool.on("error", (error) => log().warn({ error: error.message }, "database: idle connection closed"));
  const listener = postgresListener(url);
  const source: PoolSource = {
    kind: "postgres",
    read: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
  metrics().pools.add(source);
  type Client = Pick<PoolClient, "query">;
  const wrap = (c: Client): Sql => ({
    query: async <T>(text: string, params?: readonly unknown[]) =>
      (await c.query(text, params as unknown[] | undefined)).rows as T[],
    transaction: (fn) => fn(wrap(c)),
    // No parameters: pg sends it with the simple protocol, which runs several statements.
    exec: async (script) => {
      await c.query(script);
    },
  });
  return {
    kind: "postgres",
    query: async <T>(text: string, params?: readonly unknown[]) =>
      (await pool.query(text, params as unknown[] | undefined)).rows as T[],
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await fn(wrap(client));
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    exec: async (script) => {
      await pool.query(script);
    },
    listen: (channel, onPayload) => listener.listen(channel, onPayload),
    close: async () => {
      metrics().pools.delete(source);
      // The listening connection is the pool's sibling: it ends with it.
      await listener.close();
      await pool.end();
    },
  };
}

/**
 * Every LISTEN of one database on one connection of its own (a pooled one would be handed to others):
 * each channel (the live status feed's, the session ends') is one more LISTEN on it, not one more
 * connection. A lost connection is opened again after a pause and listens on every channel again, so a
 * server restart costs the notifications sent meanwhile, not the listeners.
 */
function postgresListener(url: string): {
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
} {
  type Client = import("pg").Client;
  const channels = new Map<string, Set<(payload: string) => void>>();
  let client: Client | undefined;
  let connecting: Promise<Client> | undefined;
  let closed = false;
  const quote = (channel: string) => `"${channel.replaceAll('"', '""')}"`;
  // Tried again every second until it listens again (or nothing listens any more).
  const reconnectLater = () => {
    if (!closed && channels.size > 0) setTimeout(() => connected().catch(reconnectLater), 1_000).unref();
  };
  const connect = async (): Promise<Client> => {
    const { default: pg } = await import("pg");
    const c = new pg.Client({ connectionString: url });
    c.on("notification", (n) => {
      for (const onPayload of channels.get(n.channel) ?? []) onPayload(n.payload ?? "");
    });
    c.on("error", () => {
      c.end().catch(() => {});
      if (client !== c) return;
      client = undefined;
      reconnectLater();
    });
    try {
      await c.connect();
      for (const channel of channels.keys()) await c.query(`LISTEN ${quote(channel)}`);
    } catch (error) {
      c.end().catch(() => {});
      throw error;
    }
    client = c;
    // Closed while it was connecting: it ends here, and the caller's LISTEN fails.
    if (closed) await disconnect();
    return c;
  };
  const connected = (): Promise<Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= connect().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };
  const disconnect = async () => {
    const c = client;
    client = undefined;
    await c?.end().catch(() => {});
  };
  return {
    async listen(channel, onPayload) {
      const isNew = !channels.has(channel);
      const listeners = channels.get(channel) ?? new Set();
      listeners.add(onPayload);
      channels.set(channel, listeners);
      const forget = async () => {
        listeners.delete(onPayload);
        if (listeners.size > 0 || channels.get(channel) !== listeners) return;
        channels.delete(channel);
        if (channels.size === 0) await disconnect();
        else await client?.query(`UNLISTEN ${quote(channel)}`).catch(() => {});
      };
      try {
        const c = await connected();
        // A connection made before this channel was added does not listen on it yet (again is harmless).
        if (isNew) await c.query(`LISTEN ${quote(channel)}`);
      } catch (error) {
        await forget();
        throw error;
      }
      return forget;
    },
    async close() {
      closed = true;
      channels.clear();
      await disconnect();
    },
  };
}

export { type Migration, type MigrationSet, migrate } from "./migrate";
