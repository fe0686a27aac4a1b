/**
 * Issue 18, the Insights reads at 1M orders against 1k (`npm run bench dashboard`, part "insights"): each
 * read of lib/insights/load-insights.ts over migration 0025's rollups (hour, 6 h, day and week pieces), median of RUNS, on PostgreSQL
 * (seeding a million rows through the triggers on PGlite takes too long for a bench run). Seeded by
 * bench/seed-orders.ts: one order every 30 s back from now, so 1k orders cover the last 8.3 hours and 1M a
 * year. Informational: the same 30-day figures aggregated straight from the orders, what the rollup avoids.
 *
 * Run by bench/dashboard.ts in a child started with `--conditions=react-server`.
 */
import { performance } from "node:perf_hooks";
import { type Database, migrate, openDatabase } from "@/lib/database";
import { migrations } from "@/lib/database/dashboard/migrations";
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

async function seeded(rows: number, newest: Date): Promise<{ pg: ScratchPostgres; db: Database }> {
  const pg = await scratchPostgres(`bench_dash_insights_${rows}`);
  const db = await openDatabase({ url: pg.url });
  await migrate(db, migrations, 731_001);
  const seed = () => seedOrders(db, { from: 1, to: rows, newest });
  await (rows > 10_000 ? withOrderIndexesDropped(db, seed) : seed());
  await db.exec("ANALYZE orders; ANALYZE order_rollup; ANALYZE order_series");
  return { pg, db };
}

export async function runInsightsBench(): Promise<void> {
  const newest = new Date();
  const dbs: { pg: ScratchPostgres; db: Database }[] = [];
  try {
    const small = await seeded(SMALL, newest);
    dbs.push(small);
    const t0 = performance.now();
    const large = await seeded(LARGE, newest);
    dbs.push(large);
    const seedSec = (performance.now() - t0) / 1000;
    const rollupRows = async (db: Database) =>
      (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM order_rollup"))[0]?.n ?? 0;
    console.log(
      `\n[postgres] insights reads over the span rollups, median of ${RUNS}, ${LARGE} vs ${SMALL} orders ` +
        `(seeded through the triggers in ${seedSec.toFixed(0)} s; rollup rows ${await rollupRows(small.db)} vs ${await rollupRows(large.db)})`,
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
    for (const d of dbs) {
      await d.db.close();
      await d.pg.drop();
    }
  }
}

if (process.argv[1]?.endsWith("dashboard-insights.ts")) await runInsightsBench();
