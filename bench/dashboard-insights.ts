/**
 * Issue 18, the Insights reads at 1M orders against 1k (`npm run bench dashboard`, part "insights"): each
 * read of lib/insights/load-insights.ts over migration 0025's rollups (hour, 6 h, day and week pieces, fed
 * by 0031's deltas and fold), median of RUNS, on PostgreSQL (BENCH_INSIGHTS_DBS=postgres,pglite adds PGlite,
 * minutes more). Seeded by bench/seed-orders.ts: one order every 30 s back from now, so 1k orders cover the
 * last 8.3 hours and 1M a year; the seeding's time through the triggers (and the fold after it) is printed
 * beside the same rows inserted with the triggers off (issue 45). Informational: the same 30-day figures
 * aggregated straight from the orders, what the rollup avoids.
 *
 * Run by bench/dashboard.ts in a child started with `--conditions=react-server`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { type Database, migrate, openDatabase } from "@/lib/database";
import { migrations } from "@/lib/database/dashboard/migrations";
import { foldInsights } from "@/lib/insights/fold";
import { rollupDimensions, rollupSeries } from "@/lib/insights/read";
import { loadInsights } from "@/lib/insights/load-insights";
import { type InsightsRange, parseInsightsRange } from "@/lib/insights/range";
import { median, type ScratchPostgres, scratchPostgres } from "./dashboard-support";
import { figure, ratio } from "./lib";
import { seedOrders, withOrderIndexesDropped } from "./seed-orders";

const SMALL = Number(process.env.BENCH_INSIGHTS_SMALL ?? 1_000);
const LARGE = Number(process.env.BENCH_INSIGHTS_LARGE ?? 1_000_000);
const RUNS = Number(process.env.BENCH_INSIGHTS_RUNS ?? 21);

function range(preset: string, by?: string): InsightsRange {
  const r = parseInsightsRange({ range: preset, tz: "Europe/Moscow", ...(by ? { by } : {}) });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.range;
}

const CASES: { name: string; run: (db: Database) => Promise<unknown> }[] = [
  { name: "series, last 24 h by hour", run: (db) => rollupSeries(db, range("24h")) },
  { name: "series, last 30 d by day", run: (db) => rollupSeries(db, range("30d")) },
  { name: "dimensions, last 24 h", run: (db) => rollupDimensions(db, range("24h")) },
  { name: "dimensions, last 7 d", run: (db) => rollupDimensions(db, range("7d")) },
  { name: "dimensions, last 30 d", run: (db) => rollupDimensions(db, range("30d")) },
  { name: "whole page (5 reads + summary), last 24 h", run: (db) => loadInsights(db, range("24h")) },
  { name: "whole page (5 reads + summary), last 30 d", run: (db) => loadInsights(db, range("30d")) },
];

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

type Kind = "postgres" | "pglite";
const DBS = (process.env.BENCH_INSIGHTS_DBS ?? "postgres")
  .split(",")
  .filter((k): k is Kind => k === "postgres" || k === "pglite");

interface Seeded {
  db: Database;
  drop: () => Promise<void>;
  /** Seconds: the inserts (through the triggers unless `bare`), then the fold of their deltas. */
  seedSec: number;
  foldSec: number;
}

async function scratch(kind: Kind, name: string): Promise<{ db: Database; drop: () => Promise<void> }> {
  if (kind === "pglite") {
    const dir = mkdtempSync(path.join(tmpdir(), `${name}-`));
    const db = await openDatabase({ dataDir: dir });
    return { db, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const pg: ScratchPostgres = await scratchPostgres(name);
  return { db: await openDatabase({ url: pg.url }), drop: () => pg.drop() };
}

async function seeded(kind: Kind, rows: number, newest: Date, bare = false): Promise<Seeded> {
  const { db, drop } = await scratch(kind, `bench_dash_insights_${rows}${bare ? "_bare" : ""}`);
  await migrate(db, migrations, 731_001);
  if (bare) await db.exec("ALTER TABLE orders DISABLE TRIGGER USER");
  const t0 = performance.now();
  const seed = () => seedOrders(db, { from: 1, to: rows, newest });
  await (rows > 10_000 ? withOrderIndexesDropped(db, seed) : seed());
  const t1 = performance.now();
  await foldInsights(db);
  const t2 = performance.now();
  await db.exec("ANALYZE orders; ANALYZE order_rollup; ANALYZE order_series; ANALYZE order_rollup_delta");
  return {
    db,
    drop: async () => {
      await db.close();
      await drop();
    },
    seedSec: (t1 - t0) / 1000,
    foldSec: (t2 - t1) / 1000,
  };
}

export async function runInsightsBench(): Promise<void> {
  for (const kind of DBS) await runOn(kind);
}

async function runOn(kind: Kind): Promise<void> {
  const newest = new Date();
  const dbs: Seeded[] = [];
  try {
    const bare = await seeded(kind, LARGE, newest, true);
    await bare.drop();
    const small = await seeded(kind, SMALL, newest);
    dbs.push(small);
    const large = await seeded(kind, LARGE, newest);
    dbs.push(large);
    const rollupRows = async (db: Database) =>
      (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM order_rollup"))[0]?.n ?? 0;
    console.log(
      `\n[${kind}] insights reads over the span rollups, median of ${RUNS}, ${LARGE} vs ${SMALL} orders ` +
        `(rollup rows ${await rollupRows(small.db)} vs ${await rollupRows(large.db)})`,
    );
    figure(`[${kind}] seeding ${LARGE} orders, triggers off (bare insert)`, bare.seedSec, "s");
    figure(`[${kind}] seeding ${LARGE} orders through the triggers`, large.seedSec, "s");
    figure(`  then the fold of their deltas`, large.foldSec, "s");
    ratio(
      `[${kind}]   seeding with triggers and fold / bare insert`,
      large.seedSec + large.foldSec,
      bare.seedSec,
      "lower is better",
    );
    for (const c of CASES) {
      for (const d of dbs) for (let i = 0; i < 3; i++) await c.run(d.db); // warm-up
      const ts: number[] = [];
      const tl: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        ts.push(await timed(() => c.run(small.db)));
        tl.push(await timed(() => c.run(large.db)));
      }
      figure(`${c.name} at ${SMALL}`, median(ts), "ms");
      figure(`${c.name} at ${LARGE}`, median(tl), "ms");
      ratio(`  ${c.name}: ${LARGE} / ${SMALL}`, median(tl), median(ts), "≤ 1.5");
    }
    const r30 = range("30d");
    const direct = await timed(() =>
      large.db.query(
        `SELECT currency, direction, payment_method, country, status, count(*), sum(coalesce(final_amount, amount))
           FROM orders WHERE created_at >= $1 AND created_at < $2 GROUP BY 1, 2, 3, 4, 5`,
        [r30.from, r30.to],
      ),
    );
    figure(`informational: 30 d aggregated from orders at ${LARGE}`, direct, "ms", "(no rollup)");
  } finally {
    for (const d of dbs) await d.drop();
  }
}

if (process.argv[1]?.endsWith("dashboard-insights.ts")) await runInsightsBench();
