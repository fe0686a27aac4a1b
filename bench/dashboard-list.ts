/**
 * Issue 3 figure: orders list server time at BENCH_LIST_ROWS (default 1M) seeded orders against 1k, in one
 * scratch PostgreSQL database migrated with the dashboard's migrations. Times the functions the pages call
 * (lib/database/dashboard/queries/order-list.ts), each the median of BENCH_LIST_RUNS runs after a warm-up.
 *
 * Run by bench/dashboard.ts in a child started with `--conditions=react-server` (the query modules import
 * "server-only", which throws under plain Node).
 */
import { performance } from "node:perf_hooks";
import { type Database, migrate, openDatabase } from "@/lib/database";
import { migrations } from "@/lib/database/dashboard/migrations";
import { countOrdersByStatus, listOrders } from "@/lib/database/dashboard/queries/order-list";
import type { OrderListFilters } from "@/lib/orders/list-filters";
import { figure, ratio } from "./lib";
import { listOrdersHandBuilt } from "./order-list-sql";
import { median, type ScratchPostgres, scratchPostgres } from "./dashboard-support";
import { seedEmailLocalPart, seedOrders, withOrderIndexesDropped } from "./seed-orders";

const SMALL = Number(process.env.BENCH_LIST_SMALL ?? 1_000);
const LARGE = Number(process.env.BENCH_LIST_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_LIST_RUNS ?? 50);
const WARM_UP = 20;
const PAGE_SIZE = 50; // app/(dashboard)/orders/page.tsx
const MIGRATION_LOCK_KEY = 731_001; // MIGRATION_LOCK_KEY, lib/database/dashboard/client.ts

interface Case {
  name: string;
  /** Filters and page for a table of `rows` orders. */
  make(db: Database, rows: number): Promise<{ filters: OrderListFilters; after?: string; limit?: number }>;
  /** Not the list itself: the overview's counts (issue 10 §4: ≤ 1.5× too, read from trigger-kept counters). */
  extra?: "counts";
  /** Also timed as the hand-built statement of before the typed data layer (issue 7: no slower). */
  handBuilt?: true;
}

/** The keyset cursor of the row at `position` (1-based, newest first), as the list's "next" link has it. */
async function cursorAt(db: Database, position: number): Promise<string> {
  const rows = await db.query<{ cursor: string }>(
    `SELECT (extract(epoch FROM created_at) * 1000000)::bigint::text || '_' || id::text AS cursor
       FROM orders ORDER BY created_at DESC, id DESC OFFSET $1 LIMIT 1`,
    [position - 1],
  );
  const cursor = rows[0]?.cursor;
  if (!cursor) throw new Error(`no order at position ${position}`);
  return cursor;
}

/** A paymentId from the middle of the table (search by full UUID). */
async function middlePaymentId(db: Database, rows: number): Promise<string> {
  const r = await db.query<{ id: string }>(
    "SELECT payment_id::text AS id FROM orders ORDER BY created_at DESC, id DESC OFFSET $1 LIMIT 1",
    [Math.floor(rows / 2)],
  );
  if (!r[0]) throw new Error("no orders");
  return r[0].id;
}

const CASES: Case[] = [
  { name: "first page", make: async () => ({ filters: {} }), handBuilt: true },
  {
    name: "page at 90% depth (keyset cursor)",
    make: async (db, rows) => ({ filters: {}, after: await cursorAt(db, Math.floor(rows * 0.9)) }),
    handBuilt: true,
  },
  {
    name: "status filter (In progress)",
    make: async () => ({ filters: { status: "In progress" } }),
    handBuilt: true,
  },
  {
    name: "direction + method filter (payout SBP)",
    make: async () => ({ filters: { direction: "payout", method: "SBP" } }),
    handBuilt: true,
  },
  {
    name: "email search (part of one client's email)",
    make: async () => ({ filters: { q: seedEmailLocalPart(777).slice(1) } }),
  },
  {
    name: "paymentId search (full UUID)",
    make: async (db, rows) => ({ filters: { q: await middlePaymentId(db, rows) } }),
    handBuilt: true,
  },
  {
    name: "paymentId search (8-character prefix, as the list shows it)",
    make: async (db, rows) => ({ filters: { q: (await middlePaymentId(db, rows)).slice(0, 8) } }),
  },
  {
    name: "paymentId search (4-character prefix, the shortest searched)",
    make: async (db, rows) => ({ filters: { q: (await middlePaymentId(db, rows)).slice(0, 4) } }),
  },
  { name: "overview: 10 newest", make: async () => ({ filters: {}, limit: 10 }), handBuilt: true },
  { name: "overview: counts by status", make: async () => ({ filters: {} }), extra: "counts" },
];

type Run = () => Promise<unknown>;

/** Each case's run on `db`; with `handBuilt`, the hand-built statement's run instead (undefined where none). */
async function prepare(db: Database, rows: number, handBuilt = false): Promise<(Run | undefined)[]> {
  const runs: (Run | undefined)[] = [];
  for (const c of CASES) {
    const { filters, after, limit } = await c.make(db, rows);
    const page = { after, limit: limit ?? PAGE_SIZE };
    if (handBuilt) runs.push(c.handBuilt ? () => listOrdersHandBuilt(db, filters, page) : undefined);
    else runs.push(() => (c.extra === "counts" ? countOrdersByStatus(db) : listOrders(db, filters, page)));
  }
  return runs;
}

async function timed(run: Run): Promise<number> {
  const t0 = performance.now();
  await run();
  return performance.now() - t0;
}

/**
 * Median per case and size, and of the hand-built statement at the large size where the case has one. Runs
 * interleave (small, large, hand-built, small, hand-built, large, …) so that the machine's load at any moment
 * weighs on both sides of each ratio alike.
 */
async function timeAll(
  small: (Run | undefined)[],
  large: (Run | undefined)[],
  handBuilt: (Run | undefined)[],
): Promise<{ small: number[]; large: number[]; handBuilt: number[] }> {
  const out = { small: [] as number[], large: [] as number[], handBuilt: [] as number[] };
  for (let c = 0; c < small.length; c++) {
    const s = small[c];
    const l = large[c];
    const h = handBuilt[c];
    if (!s || !l) continue;
    // Warm-up: the JIT, and each database's pages and plans (the first case would pay for them otherwise).
    for (let i = 0; i < WARM_UP; i++) {
      await s();
      await l();
      await h?.();
    }
    const ts: number[] = [];
    const tl: number[] = [];
    const th: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      ts.push(await timed(s));
      // Large and hand-built share a database: each goes first every other time, so neither is always the
      // one that finds the other's pages and connection warm.
      if (h && i % 2 === 1) th.push(await timed(h));
      tl.push(await timed(l));
      if (h && i % 2 === 0) th.push(await timed(h));
    }
    out.small.push(median(ts));
    out.large.push(median(tl));
    out.handBuilt.push(h ? median(th) : Number.NaN);
  }
  return out;
}

async function seeded(rows: number, newest: Date): Promise<{ pg: ScratchPostgres; db: Database }> {
  const pg = await scratchPostgres(`bench_dash_list_${rows}`);
  const db = await openDatabase({ url: pg.url });
  try {
    await migrate(db, migrations, MIGRATION_LOCK_KEY);
    const seed = () => seedOrders(db, { from: 1, to: rows, newest });
    await (rows > 10_000 ? withOrderIndexesDropped(db, seed) : seed());
    await db.exec("ANALYZE orders");
    return { pg, db };
  } catch (error) {
    await db.close();
    await pg.drop();
    throw error;
  }
}

export async function runListBench(): Promise<void> {
  const newest = new Date();
  const small = await seeded(SMALL, newest);
  let large: { pg: ScratchPostgres; db: Database } | undefined;
  try {
    const t0 = performance.now();
    large = await seeded(LARGE, newest);
    const seedSec = (performance.now() - t0) / 1000;
    const times = await timeAll(
      await prepare(small.db, SMALL),
      await prepare(large.db, LARGE),
      await prepare(large.db, LARGE, true),
    );

    console.log(
      `\n[postgres] orders list server time (lib/database/dashboard/queries/order-list.ts), median of ${RUNS}, ${LARGE} vs ${SMALL} orders (seeded in ${seedSec.toFixed(0)} s)`,
    );
    CASES.forEach((c, i) => {
      const s = times.small[i] ?? Number.NaN;
      const l = times.large[i] ?? Number.NaN;
      figure(`${c.name} at ${SMALL}`, s, "ms");
      figure(`${c.name} at ${LARGE}`, l, "ms");
      ratio(`  ${c.name}: ${LARGE} / ${SMALL}`, l, s, "≤ 1.5");
    });
    // Issue 11: a prefix of a paymentId finds it as fast as the full id does, both at LARGE, same run.
    const at = (name: string) => times.large[CASES.findIndex((c) => c.name.startsWith(name))] ?? Number.NaN;
    const exact = at("paymentId search (full UUID)");
    for (const prefix of ["paymentId search (8-character", "paymentId search (4-character"]) {
      ratio(`${prefix.slice(18)} prefix / full-UUID search at ${LARGE}`, at(prefix), exact, "≤ 1.5");
    }
    // Issue 7: the typed data layer's statement against the hand-built one it replaced, same run, same rows.
    console.log(`\n[postgres] typed (Kysely, compiled once per form) / hand-built SQL, at ${LARGE}`);
    CASES.forEach((c, i) => {
      if (!c.handBuilt) return;
      const h = times.handBuilt[i] ?? Number.NaN;
      figure(`${c.name}: hand-built SQL`, h, "ms");
      ratio(`  ${c.name}: typed / hand-built`, times.large[i] ?? Number.NaN, h, "≤ 1.1");
    });
  } finally {
    for (const d of [small, large]) {
      if (!d) continue;
      await d.db.close();
      await d.pg.drop();
    }
  }
}

if (process.argv[1]?.endsWith("dashboard-list.ts")) await runListBench();
