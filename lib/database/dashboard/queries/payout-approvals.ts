/**
 * Pay-out approvals (tables `payout_approval_settings`, `payout_approvals`; migration 0017), one function
 * per query, the db handle first. lib/approvals drives them:
 * hold ("Submitting" → "Awaiting approval", inside the create's transaction) → claimForApproval (one
 * approver wins: "Awaiting approval" → "Submitting" with a send lease, then the ordinary send) or
 * closeAwaiting ("Rejected" / "Cancelled", final).
 */
import "server-only";
import { type Kysely, sql as raw } from "kysely";
import type { Sql } from "@/lib/database";
import { typed } from "@/lib/database/kysely";
import { AWAITING_APPROVAL, SUBMITTING } from "@/lib/database/dashboard/local-status";
import { leaseFromMs } from "@/lib/database/dashboard/queries/orders";
import type { DashboardDatabase, OrderRow, PayoutApprovalRow } from "@/lib/database/dashboard/schema";

export type { PayoutApprovalRow } from "@/lib/database/dashboard/schema";

const db = (sql: Sql): Kysely<DashboardDatabase> => typed<DashboardDatabase>(sql);

export interface StoredApprovalSettings {
  mode: "off" | "all" | "threshold";
  thresholds: Record<string, string>;
  updatedBy: string | null;
  updatedAt: Date | null;
}

/** The setting; "off" when no admin has saved one yet. */
export async function getApprovalSettings(sql: Sql): Promise<StoredApprovalSettings> {
  const row = await db(sql).selectFrom("payoutApprovalSettings").selectAll().executeTakeFirst();
  if (!row) return { mode: "off", thresholds: {}, updatedBy: null, updatedAt: null };
  return { mode: row.mode, thresholds: row.thresholds, updatedBy: row.updatedBy, updatedAt: row.updatedAt };
}

export async function saveApprovalSettings(
  sql: Sql,
  s: { mode: StoredApprovalSettings["mode"]; thresholds: Record<string, string>; updatedBy: string },
): Promise<void> {
  const values = { mode: s.mode, thresholds: JSON.stringify(s.thresholds), updatedBy: s.updatedBy };
  await db(sql)
    .insertInto("payoutApprovalSettings")
    .values({ id: true, ...values })
    .onConflict((oc) => oc.column("id").doUpdateSet({ ...values, updatedAt: raw`now()` }))
    .execute();
}

/**
 * Moves a just-inserted "Submitting" order (its create's transaction holds it) to "Awaiting approval" and
 * records why. Its send lease is cleared: nothing is in flight, so the resume never touches it.
 */
export async function holdForApproval(
  sql: Sql,
  o: { orderId: string; requestedBy: string | null; rule: string },
): Promise<OrderRow> {
  const order = await db(sql)
    .updateTable("orders")
    .set({ status: AWAITING_APPROVAL, submitLeaseUntil: null, updatedAt: raw`now()` })
    .where("id", "=", o.orderId)
    .where("status", "=", SUBMITTING)
    .returningAll()
    .executeTakeFirstOrThrow();
  await db(sql)
    .insertInto("payoutApprovals")
    .values({ orderId: o.orderId, requestedBy: o.requestedBy, rule: o.rule, decision: null })
    .execute();
  return order;
}

/** A pay-out's approval with the emails of who asked and who decided (the order page's card). */
export type PayoutApprovalView = PayoutApprovalRow & {
  requestedByEmail: string | null;
  decidedByEmail: string | null;
};

export async function getPayoutApprovalView(sql: Sql, orderId: string): Promise<PayoutApprovalView | null> {
  const row = await db(sql)
    .selectFrom("payoutApprovals as a")
    .leftJoin("users as r", "r.id", "a.requestedBy")
    .leftJoin("users as d", "d.id", "a.decidedBy")
    .selectAll("a")
    .select(["r.email as requestedByEmail", "d.email as decidedByEmail"])
    .where("a.orderId", "=", orderId)
    .executeTakeFirst();
  return row ?? null;
}

export async function getPayoutApproval(sql: Sql, orderId: string): Promise<PayoutApprovalRow | null> {
  const row = await db(sql)
    .selectFrom("payoutApprovals")
    .selectAll()
    .where("orderId", "=", orderId)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * The approval's claim: exactly one caller moves the order from "Awaiting approval" to "Submitting" (with
 * a send lease, so a crash mid-send is resumed like any other) and records the decision. The UPDATE's row
 * lock decides between two approvers, on any instance: the other one's WHERE no longer matches and it gets
 * null. Runs in one transaction, so the decision and the status change land together.
 */
export async function claimForApproval(
  sql: Sql,
  c: { orderId: string; decidedBy: string; leaseMs: number },
): Promise<OrderRow | null> {
  return sql.transaction(async (tx) => {
    const order = await db(tx)
      .updateTable("orders")
      .set({ status: SUBMITTING, submitLeaseUntil: leaseFromMs(c.leaseMs), updatedAt: raw`now()` })
      .where("id", "=", c.orderId)
      .where("status", "=", AWAITING_APPROVAL)
      .returningAll()
      .executeTakeFirst();
    if (!order) return null;
    await decide(tx, { orderId: c.orderId, decision: "approved", decidedBy: c.decidedBy, reason: null });
    return order;
  });
}

/** Rejects or cancels a waiting pay-out, final; null when it no longer waits (decided, or claimed). */
export async function closeAwaiting(
  sql: Sql,
  c: {
    orderId: string;
    status: string;
    decision: "rejected" | "cancelled";
    decidedBy: string;
    reason: string | null;
  },
): Promise<OrderRow | null> {
  return sql.transaction(async (tx) => {
    const order = await db(tx)
      .updateTable("orders")
      .set({ status: c.status, updatedAt: raw`now()` })
      .where("id", "=", c.orderId)
      .where("status", "=", AWAITING_APPROVAL)
      .returningAll()
      .executeTakeFirst();
    if (!order) return null;
    await decide(tx, c);
    return order;
  });
}

async function decide(
  sql: Sql,
  d: {
    orderId: string;
    decision: "approved" | "rejected" | "cancelled";
    decidedBy: string;
    reason: string | null;
  },
): Promise<void> {
  await db(sql)
    .updateTable("payoutApprovals")
    .set({ decision: d.decision, decidedBy: d.decidedBy, decidedAt: raw`now()`, reason: d.reason })
    .where("orderId", "=", d.orderId)
    .where("decision", "is", null)
    .execute();
}

/** What waits for an approver: pay-outs held "Awaiting approval", and pay-out files awaiting approval. */
export async function countAwaitingApproval(sql: Sql): Promise<{ payouts: number; files: number }> {
  const [row] = await sql.query<{ payouts: number; files: number }>(
    `SELECT (SELECT count(*) FROM orders WHERE status = $1)::int AS payouts,
            (SELECT count(*) FROM payout_batches WHERE status = 'awaiting_approval')::int AS files`,
    [AWAITING_APPROVAL],
  );
  return row ?? { payouts: 0, files: 0 };
}
