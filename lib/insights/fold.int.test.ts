/**
 * The Insights rollup without a row every writer updates (migration 0031, issue 45): on PostgreSQL two
 * writers of orders of the same hour never wait on each other; the fold runs once across instances (the
 * others skip, SKIP LOCKED) and a fold that dies midway or meets a delta still uncommitted loses nothing.
 */
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database, Sql } from "@/lib/database";
import { claimRollupFold, foldRollupDeltas } from "@/lib/database/dashboard/queries/insights-fold";
import { countOrdersByStatus } from "@/lib/database/dashboard/queries/order-list";
import { type ScratchDatabase, testBackend } from "@/lib/testing/database";
import { deferred } from "@/lib/testing/locks";
import { applyTestCallback } from "@/lib/testing/signed-callbacks";
import { insertTestOrder, openTestDashboardDb } from "@/lib/testing/test-orders";
import { foldInsights } from "./fold";
import { rollupDimensions } from "./read";

const HOUR = "2026-11-20T14:00:00Z";
const onPostgres = testBackend() === "postgres";
let scratch: ScratchDatabase;
let db: Database;
/** A second instance's pool (PostgreSQL only: PGlite is one connection of one process). */
let other: Database | undefined;

let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ db, scratch, dispose } = await openTestDashboardDb());
  if (onPostgres) other = await scratch.open();
});
afterAll(async () => {
  await other?.close();
  await dispose?.();
});
beforeEach(async () => {
  await db.query("TRUNCATE orders CASCADE");
});

/** Orders per status as Insights reads them (spans plus pending deltas) and as the orders say. */
async function insightsAndDirect(): Promise<[Record<string, number>, Record<string, number>]> {
  const rows = await rollupDimensions(db, { from: new Date("2026-11-01"), to: new Date("2026-12-01") });
  const read: Record<string, number> = {};
  for (const r of rows) read[r.status] = (read[r.status] ?? 0) + r.count;
  const direct = await db.query<{ status: string; n: number }>(
    "SELECT status, count(*)::int AS n FROM orders GROUP BY 1",
  );
  return [read, Object.fromEntries(direct.map((r) => [r.status, r.n]))];
}

const pendingDeltas = async (sql: Sql = db) =>
  (await sql.query<{ n: number }>("SELECT count(*)::int AS n FROM order_rollup_delta"))[0]?.n ?? 0;

/** A connection of its own (not a pool's), as a transaction handle: BEGIN and COMMIT are the test's. */
async function ownConnection(): Promise<{ client: pg.Client; sql: Sql; pid: number }> {
  const client = new pg.Client({ connectionString: scratch.url });
  client.on("error", () => {}); // a killed connection's end: the test looks at its queries instead
  await client.connect();
  const sql: Sql = {
    query: async <T>(text: string, params?: readonly unknown[]) =>
      (await client.query(text, params as unknown[] | undefined)).rows as T[],
    transaction: (fn) => fn(sql),
    exec: async (script) => void (await client.query(script)),
  };
  const [me] = await sql.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
  return { client, sql, pid: me?.pid ?? 0 };
}

/**
 * Two connections whose backend pids are equal mod 32: 0008's status counters put both in one slot, the
 * worst case for two writers (33 connections hold two such by the pigeonhole principle).
 */
async function twoConnectionsOfOneSlot() {
  const open: Awaited<ReturnType<typeof ownConnection>>[] = [];
  for (;;) {
    const c = await ownConnection();
    const twin = open.find((o) => o.pid % 32 === c.pid % 32);
    if (twin) {
      await Promise.all(open.filter((o) => o !== twin).map((o) => o.client.end()));
      return [twin, c] as const;
    }
    open.push(c);
  }
}

/** Resolves "waiting" when a statement of this database waits on a lock, or never (stopped by `stop`). */
function lockWait(sql: Sql): { waiting: Promise<"waiting">; stop: () => void } {
  let stopped = false;
  const waiting = new Promise<"waiting">((resolve) => {
    const poll = async () => {
      if (stopped) return;
      const [row] = await sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      if ((row?.n ?? 0) > 0) resolve("waiting");
      else setTimeout(poll, 20);
    };
    void poll();
  });
  return { waiting, stop: () => (stopped = true) };
}

describe("order writes and the rollup", () => {
  it.runIf(onPostgres)(
    "two callbacks changing two orders of the same hour: the second commits while the first is still open",
    async () => {
      const [a, b] = [
        await insertTestOrder(db, { createdAt: `${HOUR.slice(0, 14)}05:00Z` }),
        await insertTestOrder(db, { createdAt: `${HOUR.slice(0, 14)}40:00Z` }),
      ];
      await foldInsights(db);
      const [first, second] = await twoConnectionsOfOneSlot();
      try {
        await first.sql.query("BEGIN");
        await applyTestCallback(first.sql, a, "Success");
        const watch = lockWait(db);
        const committed = second.sql
          .query("BEGIN")
          .then(() => applyTestCallback(second.sql, b, "Success"))
          .then(() => second.sql.query("COMMIT"))
          .then(() => "committed" as const);
        const outcome = await Promise.race([committed, watch.waiting]);
        watch.stop();
        await first.sql.query("COMMIT");
        await committed;
        expect(outcome).toBe("committed");
      } finally {
        await Promise.all([first.client.end(), second.client.end()]);
      }
      const [read, direct] = await insightsAndDirect();
      expect(read).toEqual({ Success: 2 });
      expect(read).toEqual(direct);
      expect(await countOrdersByStatus(db)).toEqual([{ status: "Success", count: 2 }]);
    },
  );
});

describe("the fold", () => {
  it("folds every committed delta once, and reads the same before and after", async () => {
    await insertTestOrder(db, { createdAt: HOUR });
    const o = await insertTestOrder(db, { createdAt: HOUR, currency: "BRL", country: "BR" });
    await applyTestCallback(db, o, "Success");
    expect(await pendingDeltas()).toBeGreaterThan(0);
    const before = await insightsAndDirect();
    expect(before[0]).toEqual(before[1]);
    expect(await foldInsights(db)).toBeGreaterThan(0);
    expect(await pendingDeltas()).toBe(0);
    expect(await insightsAndDirect()).toEqual(before);
    expect(await foldInsights(db)).toBe(0);
    expect(await insightsAndDirect()).toEqual(before);
  });

  it("a fold that fails midway changes nothing; the next one folds it all", async () => {
    await insertTestOrder(db, { createdAt: HOUR, status: "Failed" });
    await insertTestOrder(db, { createdAt: HOUR });
    const pending = await pendingDeltas();
    const before = await insightsAndDirect();
    const failed = await db
      .transaction(async (tx) => {
        await claimRollupFold(tx);
        await foldRollupDeltas(tx);
        throw new Error("the process died here");
      })
      .catch((error: Error) => error.message);
    expect(failed).toBe("the process died here");
    expect(await pendingDeltas()).toBe(pending);
    expect(await insightsAndDirect()).toEqual(before);
    await foldInsights(db);
    expect(await pendingDeltas()).toBe(0);
    expect(await insightsAndDirect()).toEqual(before);
  });

  it.runIf(onPostgres)("a fold whose connection is killed mid-fold loses nothing", async () => {
    await insertTestOrder(db, { createdAt: HOUR, status: "Success" });
    await insertTestOrder(db, { createdAt: HOUR });
    const pending = await pendingDeltas();
    const before = await insightsAndDirect();
    // A connection of its own, so the test hears of its end: the process folding "died".
    const { sql: tx } = await ownConnection();
    await tx.query("BEGIN");
    expect(await claimRollupFold(tx)).toBe(true);
    expect(await foldRollupDeltas(tx)).toBe(pending);
    const [me] = await tx.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
    await db.query("SELECT pg_terminate_backend($1)", [me?.pid]);
    const commit = await tx.query("COMMIT").then(
      () => "committed",
      () => "killed",
    );
    expect(commit).toBe("killed");
    expect(await pendingDeltas()).toBe(pending);
    expect(await insightsAndDirect()).toEqual(before);
    await foldInsights(db);
    expect(await pendingDeltas()).toBe(0);
    expect(await insightsAndDirect()).toEqual(before);
  });

  it.runIf(onPostgres)(
    "runs once across instances: while one holds the claim, another's fold skips at once",
    async () => {
      await insertTestOrder(db, { createdAt: HOUR });
      const pending = await pendingDeltas();
      const skipped = await db.transaction(async (tx) => {
        expect(await claimRollupFold(tx)).toBe(true);
        return other ? foldInsights(other) : undefined;
      });
      expect(skipped).toBeNull();
      expect(await pendingDeltas()).toBe(pending);
      expect(await foldInsights(other ?? db)).toBe(pending);
    },
  );

  it.runIf(onPostgres)(
    "leaves the deltas of a transaction still open for the next fold, and reads them once committed",
    async () => {
      const inserted = deferred();
      const release = deferred();
      const writer = db.transaction(async (tx) => {
        await insertTestOrder(tx, { createdAt: HOUR, status: "Success" });
        inserted.resolve();
        await release.promise;
      });
      await inserted.promise;
      await insertTestOrder(other ?? db, { createdAt: HOUR });
      expect(await foldInsights(other ?? db)).toBe(1);
      release.resolve();
      await writer;
      const [read, direct] = await insightsAndDirect();
      expect(read).toEqual({ Success: 1, "In progress": 1 });
      expect(read).toEqual(direct);
      expect(await foldInsights(db)).toBe(1);
      expect(await insightsAndDirect()).toEqual([read, direct]);
    },
  );
});
