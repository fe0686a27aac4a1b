/**
 * Issue 10 §4, the cost of the overview's counters on writers (`npm run bench dashboard`, part "counts"):
 * concurrent order writes on PostgreSQL (each an insert, then a status change, each its own transaction as
 * the app does them) with the counter triggers of migrations 0008 and 0032 (a slot per transaction) against
 * the same writes without them, and against a single counter row per status (the hot row the slots avoid: its lock is held through the commit's
 * fsync, so writers of one status would commit one at a time). Rounds alternate between the databases.
 *
 * Run by bench/dashboard.ts in a child started with `--conditions=react-server`.
 */
import { performance } from "node:perf_hooks";
import { type Database, type Migration, migrate, openDatabase } from "@/lib/database";
import { migrations } from "@/lib/database/dashboard/migrations";
import { insertTestOrder } from "@/lib/testing/test-orders";
import { figure, ratio } from "./lib";
import { median, type ScratchPostgres, scratchPostgres } from "./dashboard-support";

const WRITERS = Number(process.env.BENCH_COUNTS_WRITERS ?? 16);
const OPS = Number(process.env.BENCH_COUNTS_OPS ?? 40); // orders per writer per round
const ROUNDS = Number(process.env.BENCH_COUNTS_ROUNDS ?? 5);
const COUNTERS = "0008_order_status_counts";
const TRANSACTION_SLOTS = "0032_status_count_slots";

type Variant = { name: string; migrations: readonly Migration[] };

const VARIANTS: Variant[] = [
  {
    name: "without counters",
    migrations: migrations.filter((m) => m.id !== COUNTERS && m.id !== TRANSACTION_SLOTS),
  },
  { name: "with counters (a slot per transaction)", migrations },
  {
    name: "with one hot counter row per status",
    migrations: migrations
      .filter((m) => m.id !== TRANSACTION_SLOTS)
      .map((m) => (m.id === COUNTERS ? { ...m, sql: m.sql.replaceAll("pg_backend_pid() % 32", "0") } : m)),
  },
];

/** Orders written per second by WRITERS connections at once. */
async function round(db: Database): Promise<number> {
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      for (let i = 0; i < OPS; i++) {
        const o = await insertTestOrder(db, { status: "In progress" });
        await db.query("UPDATE orders SET status = 'Success', updated_at = now() WHERE id = $1", [o.id]);
      }
    }),
  );
  return (WRITERS * OPS) / ((performance.now() - t0) / 1000);
}

export async function runCountsBench(): Promise<void> {
  const dbs: { pg: ScratchPostgres; db: Database }[] = [];
  try {
    for (const v of VARIANTS) {
      const pg = await scratchPostgres("bench_dash_counts");
      const db = await openDatabase({ url: pg.url, poolMax: WRITERS });
      dbs.push({ pg, db });
      await migrate(db, v.migrations, 731_001);
      await round(db); // warm-up: connections, plans
    }
    const rates: number[][] = VARIANTS.map(() => []);
    for (let r = 0; r < ROUNDS; r++) {
      for (const [i, d] of dbs.entries()) rates[i]?.push(await round(d.db));
    }
    const [plain, slots, hot] = rates.map(median) as [number, number, number];
    console.log(
      `\n[postgres] concurrent order writes (insert + status change), ${WRITERS} connections, median of ${ROUNDS}`,
    );
    VARIANTS.forEach((v, i) => {
      figure(`orders written/s ${v.name}`, median(rates[i] ?? []), "orders/s");
    });
    ratio("  writes with counters / without", slots, plain, "≥ 0.8");
    ratio("  writes with one hot row / without (avoided)", hot, plain, "informational");
  } finally {
    for (const d of dbs) {
      await d.db.close();
      await d.pg.drop();
    }
  }
}

if (process.argv[1]?.endsWith("dashboard-counts.ts")) await runCountsBench();
