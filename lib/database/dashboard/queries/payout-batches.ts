/**
 * Bulk pay-out batches (tables `payout_batches`, `payout_batch_rows`; migration 0020), one function per
 * query, the db handle first. lib/batches drives them: insertBatch (the batch and every row, one
 * transaction) → decideBatch (approve / reject / cancel while it awaits approval; one caller wins) →
 * claimBatchRows (a sender takes rows with a lease, FOR UPDATE SKIP LOCKED; renewRowLeases while it waits) →
 * markRowsSent → finishBatches.
 */
import "server-only";
import { type Kysely, sql as raw } from "kysely";
import type { Sql } from "@/lib/database";
import { typed } from "@/lib/database/kysely";
import { leaseFromMs } from "@/lib/database/dashboard/queries/orders";
import { SETTLED_STATUSES } from "@/lib/database/dashboard/local-status";
import type {
  DashboardDatabase,
  NewPayoutBatchLineRow,
  PayoutBatchLineRow,
  PayoutBatchRow,
  PayoutBatchRowState,
  PayoutBatchStatus,
} from "@/lib/database/dashboard/schema";

export type { PayoutBatchLineRow, PayoutBatchRow, PayoutBatchStatus } from "@/lib/database/dashboard/schema";

const db = (sql: Sql): Kysely<DashboardDatabase> => typed<DashboardDatabase>(sql);

/** Rows per INSERT statement: 10,000 rows in 20 statements, each well under PostgreSQL's 65,535 parameters. */
const INSERT_CHUNK = 500;

export interface NewBatch {
  id: string;
  fileName: string;
  fileSha256: string;
  status: Extract<PayoutBatchStatus, "awaiting_approval" | "sending">;
  totals: Record<string, string>;
  rule: string | null;
  createdBy: string;
}

/** Writes the batch and its rows in one transaction (with `tx` already one, as the caller's). */
export async function insertBatch(
  tx: Sql,
  batch: NewBatch,
  rows: readonly Omit<NewPayoutBatchLineRow, "batchId">[],
): Promise<PayoutBatchRow> {
  const inserted = await db(tx)
    .insertInto("payoutBatches")
    .values({ ...batch, totals: JSON.stringify(batch.totals), rowCount: rows.length })
    .returningAll()
    .executeTakeFirstOrThrow();
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await db(tx)
      .insertInto("payoutBatchRows")
      .values(rows.slice(i, i + INSERT_CHUNK).map((r) => ({ ...r, batchId: batch.id })))
      .execute();
  }
  return inserted;
}

/** The newest batch of a file that was not rejected or cancelled: submitting the same file again finds it. */
export async function findLiveBatchByHash(sql: Sql, fileSha256: string): Promise<PayoutBatchRow | null> {
  const row = await db(sql)
    .selectFrom("payoutBatches")
    .selectAll()
    .where("fileSha256", "=", fileSha256)
    .where("status", "not in", ["rejected", "cancelled"])
    .orderBy("createdAt", "desc")
    .executeTakeFirst();
  return row ?? null;
}

export async function getBatch(sql: Sql, id: string): Promise<PayoutBatchRow | null> {
  const row = await db(sql).selectFrom("payoutBatches").selectAll().where("id", "=", id).executeTakeFirst();
  return row ?? null;
}

/**
 * A batch with its creator's and decider's emails, its rows counted by state, and how many of its sent rows'
 * orders are settled (SETTLED_STATUSES): sent is not settled, an order In progress may still fail.
 */
export type PayoutBatchView = PayoutBatchRow & {
  createdByEmail: string | null;
  decidedByEmail: string | null;
  counts: Record<PayoutBatchRowState, number>;
  settled: number;
};

const ZERO_COUNTS: Record<PayoutBatchRowState, number> = { pending: 0, sending: 0, sent: 0, cancelled: 0 };

export async function getBatchView(sql: Sql, id: string): Promise<PayoutBatchView | null> {
  const batch = await db(sql)
    .selectFrom("payoutBatches as b")
    .leftJoin("users as c", "c.id", "b.createdBy")
    .leftJoin("users as d", "d.id", "b.decidedBy")
    .selectAll("b")
    .select(["c.email as createdByEmail", "d.email as decidedByEmail"])
    .where("b.id", "=", id)
    .executeTakeFirst();
  if (!batch) return null;
  const counts = await db(sql)
    .selectFrom("payoutBatchRows")
    .select((eb) => ["state", eb.cast<number>(eb.fn.countAll(), "integer").as("n")])
    .where("batchId", "=", id)
    .groupBy("state")
    .execute();
  const settled = await db(sql)
    .selectFrom("payoutBatchRows as r")
    .innerJoin("orders as o", "o.id", "r.orderId")
    .select((eb) => eb.cast<number>(eb.fn.countAll(), "integer").as("n"))
    .where("r.batchId", "=", id)
    .where("r.state", "=", "sent")
    .where("o.status", "in", SETTLED_STATUSES)
    .executeTakeFirstOrThrow();
  return {
    ...batch,
    counts: { ...ZERO_COUNTS, ...Object.fromEntries(counts.map((c) => [c.state, c.n])) },
    settled: settled.n,
  };
}

/** A row of the batches list: the batch, how many of its rows are sent and cancelled, how many settled. */
export type PayoutBatchListRow = PayoutBatchRow & {
  createdByEmail: string | null;
  sent: number;
  cancelled: number;
  settled: number;
};

export async function listBatches(sql: Sql, limit = 100): Promise<PayoutBatchListRow[]> {
  return db(sql)
    .selectFrom("payoutBatches as b")
    .leftJoin("users as c", "c.id", "b.createdBy")
    .selectAll("b")
    .select((eb) => [
      "c.email as createdByEmail",
      eb
        .selectFrom("payoutBatchRows as r")
        .select((e) => e.cast<number>(e.fn.countAll(), "integer").as("n"))
        .whereRef("r.batchId", "=", "b.id")
        .where("r.state", "=", "sent")
        .as("sent"),
      eb
        .selectFrom("payoutBatchRows as r")
        .select((e) => e.cast<number>(e.fn.countAll(), "integer").as("n"))
        .whereRef("r.batchId", "=", "b.id")
        .where("r.state", "=", "cancelled")
        .as("cancelled"),
      eb
        .selectFrom("payoutBatchRows as r")
        .innerJoin("orders as o", "o.id", "r.orderId")
        .select((e) => e.cast<number>(e.fn.countAll(), "integer").as("n"))
        .whereRef("r.batchId", "=", "b.id")
        .where("r.state", "=", "sent")
        .where("o.status", "in", SETTLED_STATUSES)
        .as("settled"),
    ])
    .orderBy("b.createdAt", "desc")
    .orderBy("b.id", "desc")
    .limit(limit)
    .execute() as Promise<PayoutBatchListRow[]>;
}

/** A row of a batch as its page and its results CSV show it: the row and its order's outcome. */
export type PayoutBatchLineView = Pick<
  PayoutBatchLineRow,
  "rowNumber" | "paymentId" | "paymentMethod" | "amount" | "currency" | "state" | "orderId" | "note"
> & { orderStatus: string | null; providerOrderId: string | null };

/** Rows from `afterRow` (exclusive) on, in file order. */
export async function listBatchLines(
  sql: Sql,
  batchId: string,
  opts: { afterRow: number; limit: number },
): Promise<PayoutBatchLineView[]> {
  return db(sql)
    .selectFrom("payoutBatchRows as r")
    .leftJoin("orders as o", "o.id", "r.orderId")
    .select([
      "r.rowNumber",
      "r.paymentId",
      "r.paymentMethod",
      "r.amount",
      "r.currency",
      "r.state",
      "r.orderId",
      "r.note",
      "o.status as orderStatus",
      "o.providerOrderId",
    ])
    .where("r.batchId", "=", batchId)
    .where("r.rowNumber", ">", opts.afterRow)
    .orderBy("r.rowNumber")
    .limit(opts.limit)
    .execute();
}

/** Each order status among a batch's sent rows, counted ("In progress": 290, "Refused": 10). */
export async function countBatchOutcomes(sql: Sql, batchId: string): Promise<Record<string, number>> {
  const rows = await db(sql)
    .selectFrom("payoutBatchRows as r")
    .innerJoin("orders as o", "o.id", "r.orderId")
    .select((eb) => ["o.status", eb.cast<number>(eb.fn.countAll(), "integer").as("n")])
    .where("r.batchId", "=", batchId)
    .groupBy("o.status")
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/**
 * A decision on a batch that awaits approval: approved → "sending", rejected or cancelled → final. One
 * conditional UPDATE, so of two deciders (on any instance) exactly one gets the batch; the other null.
 */
export async function decideBatch(
  sql: Sql,
  d: {
    batchId: string;
    decision: "approved" | "rejected" | "cancelled";
    decidedBy: string;
    reason: string | null;
  },
): Promise<PayoutBatchRow | null> {
  const status: PayoutBatchStatus =
    d.decision === "approved" ? "sending" : d.decision === "rejected" ? "rejected" : "cancelled";
  return sql.transaction(async (tx) => {
    const batch = await db(tx)
      .updateTable("payoutBatches")
      .set({
        status,
        decision: d.decision,
        decidedBy: d.decidedBy,
        decidedAt: raw`now()`,
        reason: d.reason,
        updatedAt: raw`now()`,
        ...(status === "sending" ? {} : { finishedAt: raw`now()` }),
      })
      .where("id", "=", d.batchId)
      .where("status", "=", "awaiting_approval")
      .returningAll()
      .executeTakeFirst();
    if (!batch) return null;
    if (status !== "sending") {
      await db(tx)
        .updateTable("payoutBatchRows")
        .set({ state: "cancelled", updatedAt: raw`now()` })
        .where("batchId", "=", d.batchId)
        .where("state", "=", "pending")
        .execute();
    }
    return batch;
  });
}

/** Cancels the rows of a sending batch that no sender has taken yet; how many. */
export async function cancelPendingRows(sql: Sql, batchId: string): Promise<number> {
  const rows = await db(sql)
    .updateTable("payoutBatchRows")
    .set({ state: "cancelled", updatedAt: raw`now()` })
    .where("batchId", "=", batchId)
    .where("state", "=", "pending")
    .returning("rowNumber")
    .execute();
  return rows.length;
}

/**
 * Claims up to `limit` rows of sending batches for this sender, renewing each lease by `leaseMs`: rows
 * no one has taken, and rows whose taker's lease ran out (its process died). Rows another sender is
 * claiming this instant are skipped (FOR UPDATE SKIP LOCKED); the lease keeps the others off after.
 */
export async function claimBatchRows(
  sql: Sql,
  opts: { leaseMs: number; limit: number },
): Promise<PayoutBatchLineRow[]> {
  // A materialised CTE so LIMIT bounds the claim (see claimStaleSubmissions in ./orders.ts).
  return db(sql)
    .with(
      (cte) => cte("picked").materialized(),
      (k) =>
        k
          .selectFrom("payoutBatchRows as r")
          .innerJoin("payoutBatches as b", "b.id", "r.batchId")
          .select(["r.batchId", "r.rowNumber"])
          .where("b.status", "=", "sending")
          .where((eb) =>
            eb.or([
              eb("r.state", "=", "pending"),
              eb.and([eb("r.state", "=", "sending"), eb("r.leaseUntil", "<", raw<Date>`now()`)]),
            ]),
          )
          .orderBy("r.batchId")
          .orderBy("r.rowNumber")
          .limit(opts.limit)
          .modifyEnd(raw`FOR UPDATE OF r SKIP LOCKED`),
    )
    .updateTable("payoutBatchRows as r")
    .from("picked")
    .set({ state: "sending", leaseUntil: leaseFromMs(opts.leaseMs), updatedAt: raw`now()` })
    .whereRef("r.batchId", "=", "picked.batchId")
    .whereRef("r.rowNumber", "=", "picked.rowNumber")
    .returningAll("r")
    .execute();
}

/** Renews the lease of rows a sender holds and is still working on (it waits for the rate limit). */
export async function renewRowLeases(
  sql: Sql,
  rows: readonly { batchId: string; rowNumber: number }[],
  opts: { leaseMs: number },
): Promise<void> {
  if (rows.length === 0) return;
  await db(sql)
    .updateTable("payoutBatchRows")
    .set({ leaseUntil: leaseFromMs(opts.leaseMs) })
    .where("state", "=", "sending")
    .where((eb) =>
      eb.or(rows.map((r) => eb.and([eb("batchId", "=", r.batchId), eb("rowNumber", "=", r.rowNumber)]))),
    )
    .execute();
}

/**
 * A row whose order exists (sent now, or found already sent), to be settled on it; or, with no order, a row
 * that was never sent (its paymentId held by another order), settled "cancelled" with the note saying why.
 */
export interface SettledRow {
  batchId: string;
  rowNumber: number;
  orderId: string | null;
  note: string | null;
}

/**
 * Settles rows on their orders, in one statement (a sender settles the rows of a claim together). A row no
 * longer "sending" (cancelled, or settled by another sender) is left as it is.
 */
export async function markRowsSent(sql: Sql, rows: readonly SettledRow[]): Promise<void> {
  if (rows.length === 0) return;
  const values = raw.join(
    rows.map((r) => raw`(${r.batchId}::uuid, ${r.rowNumber}::int, ${r.orderId}::uuid, ${r.note}::text)`),
  );
  await raw`UPDATE payout_batch_rows AS r
    SET state = CASE WHEN v.order_id IS NULL THEN 'cancelled' ELSE 'sent' END, order_id = v.order_id, note = v.note, lease_until = NULL, updated_at = now()
    FROM (VALUES ${values}) AS v (batch_id, row_number, order_id, note)
    WHERE r.batch_id = v.batch_id AND r.row_number = v.row_number AND r.state = 'sending'`.execute(db(sql));
}

/** Marks "done" each of `batchIds` that is sending and has no row left to send; the ids it finished. */
export async function finishBatches(sql: Sql, batchIds: readonly string[]): Promise<string[]> {
  if (batchIds.length === 0) return [];
  const rows = await db(sql)
    .updateTable("payoutBatches as b")
    .set({ status: "done", finishedAt: raw`now()`, updatedAt: raw`now()` })
    .where("b.id", "in", [...batchIds])
    .where("b.status", "=", "sending")
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("payoutBatchRows as r")
            .select("r.rowNumber")
            .whereRef("r.batchId", "=", "b.id")
            .where("r.state", "in", ["pending", "sending"]),
        ),
      ),
    )
    .returning("b.id")
    .execute();
  return rows.map((r) => r.id);
}
