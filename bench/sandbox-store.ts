/**
 * Issue 7 §1 figure: the typed data layer's own cost on the sandbox's create path. The same statements,
 * through the store (Kysely, prepared, camelCase rows) and as the raw SQL the store sent before, on one
 * database in the same process, in alternating blocks so that load on the machine hits both alike.
 */
import { type Database, migrate, openDatabase } from "@/lib/database";
import { SANDBOX_MIGRATION_LOCK_KEY, sandboxMigrations } from "@/lib/database/sandbox/migrations";
import { findOrderByPaymentId, insertOrderIfNew } from "@/lib/database/sandbox/orders";
import type { NewSandboxOrderRow } from "@/lib/database/sandbox/schema";
import { sampleSandboxOrder } from "@/lib/testing/sandbox-rows";
import { scratchPostgres } from "./dashboard-support";
import { figure, ratio } from "./lib";

const BLOCKS = 10;
const PER_BLOCK = Number(process.env.BENCH_STORE_PER_BLOCK ?? 200);

const newOrder = () => sampleSandboxOrder({ clientId: "bench" });

/** The store's statements as main sent them (lib/database/sandbox/orders.ts before issue 7). */
async function rawCreate(db: Database, o: NewSandboxOrderRow): Promise<void> {
  await db.query(
    `INSERT INTO sandbox_orders (id, client_id, direction, payment_id, request_hash, payment_method, country,
       currency, amount, final_amount, status, request, bank_details, postback_url, expires_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16)
     ON CONFLICT (client_id, direction, payment_id) DO NOTHING
     RETURNING id`,
    [
      o.id,
      o.clientId,
      o.direction,
      o.paymentId,
      o.requestHash,
      o.paymentMethod,
      o.country,
      o.currency ?? null,
      o.amount,
      o.finalAmount,
      o.status,
      JSON.stringify(o.request),
      JSON.stringify(o.bankDetails),
      o.postbackUrl ?? null,
      o.expiresAt ?? null,
      o.createdAt,
    ],
  );
  await db.query("SELECT * FROM sandbox_orders WHERE client_id = $1 AND direction = $2 AND payment_id = $3", [
    o.clientId,
    o.direction,
    o.paymentId,
  ]);
}

async function typedCreate(db: Database, o: NewSandboxOrderRow): Promise<void> {
  await insertOrderIfNew(db, o);
  await findOrderByPaymentId(db, o.clientId, o.direction, o.paymentId);
}

async function block(
  db: Database,
  run: (db: Database, o: NewSandboxOrderRow) => Promise<void>,
): Promise<number> {
  const orders = Array.from({ length: PER_BLOCK }, newOrder);
  const started = performance.now();
  for (const o of orders) await run(db, o);
  return performance.now() - started;
}

async function compare(backend: "pglite" | "postgres"): Promise<void> {
  const pg = backend === "postgres" ? await scratchPostgres("bench_store") : undefined;
  const db = await openDatabase(pg ? { url: pg.url } : { memory: true });
  try {
    await migrate(db, sandboxMigrations, SANDBOX_MIGRATION_LOCK_KEY);
    await block(db, rawCreate); // warm-up, both paths
    await block(db, typedCreate);
    let raw = 0;
    let typed = 0;
    for (let i = 0; i < BLOCKS; i++) {
      raw += await block(db, rawCreate);
      typed += await block(db, typedCreate);
    }
    const n = BLOCKS * PER_BLOCK;
    console.log(`\n[${backend}] store: insert + select by paymentId, ${n} orders each way, one connection`);
    figure("raw SQL (as before issue 7)", (raw / n) * 1000, "µs/order");
    figure("typed store (Kysely, prepared)", (typed / n) * 1000, "µs/order");
    ratio(`[${backend}] typed store / raw SQL time per order`, typed, raw, "≈ 1.0, lower is better");
  } finally {
    await db.close();
    await pg?.drop();
  }
}

export async function runSandboxStoreBench(): Promise<void> {
  await compare("pglite");
  await compare("postgres");
}
