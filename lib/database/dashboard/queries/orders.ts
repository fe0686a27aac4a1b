/**
 * Orders of the dashboard (table `orders`): one function per query, the db handle first.
 *
 * Lifecycle written here (lib/orders/submit.ts drives it): insertOrder ("Submitting", before the service is
 * called) → recordSubmitSuccess (the service's answer) or recordSubmitFailure ("Submit failed" + last_error)
 * → claimOrderForResubmit (back to "Submitting" for a retry, only one caller wins) → ...
 * Every step that starts a send sets `submit_lease_until`; an order still "Submitting" past it was orphaned
 * by a process that died mid-call, and claimStaleSubmissions hands it to exactly one resumer.
 * Status changes by callback belong to the receiver (lib/database/dashboard/queries/callback-deliveries.ts).
 */
import "server-only";
import type { BankDetails, Direction } from "@/lib/contract";
import { FINAL_STATUSES } from "@/lib/contract";
import { isUuid } from "@/lib/contract/uuid";
import { type Kysely, sql as raw } from "kysely";
import type { Sql } from "@/lib/database";
import { prepare, typed } from "@/lib/database/kysely";
import { type REFUSED, SUBMIT_FAILED, SUBMITTING } from "@/lib/database/dashboard/local-status";
import type { DashboardDatabase, OrderRow } from "@/lib/database/dashboard/schema";

export type { OrderRow } from "@/lib/database/dashboard/schema";

/**
 * What creating an order stores (status "Submitting"), as its row reads back: `amount` a two-decimal string,
 * `request` as sent with the card number masked (written as JSON text here).
 */
export type OrderInput = Pick<
  OrderRow,
  | "id"
  | "direction"
  | "paymentId"
  | "paymentMethod"
  | "amount"
  | "currency"
  | "country"
  | "request"
  | "clientEmail"
  | "createdBy"
  | "payToken"
> &
  Partial<Pick<OrderRow, "resendOf">> & {
    /** How long the send about to start may take (milliseconds): the lease on the "Submitting" order. */
    leaseMs: number;
  };

const db = (sql: Sql) => typed<DashboardDatabase>(sql);

/** `now() + <this>` is a lease of `ms` milliseconds. */
export const leaseFromMs = (ms: unknown) =>
  raw<Date>`now() + make_interval(secs => ${ms}::double precision / 1000)`;

// The request path's statements are prepared (compiled once): see prepare().
const insertIfNew = prepare(
  [
    "id",
    "direction",
    "paymentId",
    "paymentMethod",
    "amount",
    "currency",
    "country",
    "request",
    "clientEmail",
    "createdBy",
    "payToken",
    "leaseMs",
    "resendOf",
  ],
  (k: Kysely<DashboardDatabase>, o: Omit<Required<OrderInput>, "request"> & { request: string }) =>
    k
      .insertInto("orders")
      .values({
        id: o.id,
        direction: o.direction,
        paymentId: o.paymentId,
        paymentMethod: o.paymentMethod,
        amount: o.amount,
        currency: o.currency,
        country: o.country,
        status: SUBMITTING,
        request: o.request,
        clientEmail: o.clientEmail,
        createdBy: o.createdBy,
        payToken: o.payToken,
        submitLeaseUntil: leaseFromMs(o.leaseMs),
        resendOf: o.resendOf,
      })
      .onConflict((oc) => oc.columns(["direction", "paymentId"]).doNothing())
      .returningAll(),
);

/**
 * Inserts a new order with status "Submitting". When an order with the same (direction, paymentId) exists
 * (a double submit), nothing is written and that order is returned with `created: false`.
 */
export async function insertOrder(sql: Sql, o: OrderInput): Promise<{ order: OrderRow; created: boolean }> {
  const [inserted] = await insertIfNew(sql, {
    ...o,
    request: JSON.stringify(o.request),
    resendOf: o.resendOf ?? null,
  });
  if (inserted) return { order: inserted, created: true };
  const existing = await getOrderByPaymentId(sql, o.direction, o.paymentId);
  if (!existing) throw new Error(`order ${o.direction}/${o.paymentId} conflicted but cannot be read`);
  return { order: existing, created: false };
}

const byId = prepare(["id"], (k: Kysely<DashboardDatabase>, a: { id: string }) =>
  k.selectFrom("orders").selectAll().where("id", "=", a.id),
);

export async function getOrderById(sql: Sql, id: string): Promise<OrderRow | null> {
  if (!isUuid(id)) return null;
  return (await byId(sql, { id }))[0] ?? null;
}

const byPaymentId = prepare(
  ["direction", "paymentId"],
  (k: Kysely<DashboardDatabase>, a: { direction: Direction; paymentId: string }) =>
    k
      .selectFrom("orders")
      .selectAll()
      .where("direction", "=", a.direction)
      .where("paymentId", "=", a.paymentId),
);

export async function getOrderByPaymentId(
  sql: Sql,
  direction: Direction,
  paymentId: string,
): Promise<OrderRow | null> {
  if (!isUuid(paymentId)) return null;
  return (await byPaymentId(sql, { direction, paymentId }))[0] ?? null;
}

const byProviderOrderId = prepare(
  ["providerOrderId"],
  (k: Kysely<DashboardDatabase>, a: { providerOrderId: string }) =>
    k.selectFrom("orders").selectAll().where("providerOrderId", "=", a.providerOrderId),
);

/** The order the service knows by `providerOrderId` (a callback's `id`). */
export async function getOrderByProviderOrderId(sql: Sql, providerOrderId: string): Promise<OrderRow | null> {
  if (!isUuid(providerOrderId)) return null;
  return (await byProviderOrderId(sql, { providerOrderId }))[0] ?? null;
}

/**
 * An order "Submitting" whose lease has run out: its process died mid-call. (A row written before leases
 * existed counts from updated_at, with the 120 s the manual retry used to wait.)
 */
const leaseExpired = raw<boolean>`COALESCE(submit_lease_until, updated_at + interval '120 seconds') < now()`;

/** The columns that follow from the request. */
export type OrderRequestFields = Pick<
  OrderInput,
  "request" | "paymentMethod" | "amount" | "currency" | "country" | "clientEmail"
>;

/**
 * Moves a "Submit failed" order (or one orphaned in "Submitting": its lease ran out) back to "Submitting"
 * with a new lease of `leaseMs`, so that exactly one caller resubmits it — a human retry and the automatic
 * resume included (the row lock of the UPDATE decides; the loser sees the fresh lease). Returns the order
 * when this caller won, null otherwise. A "Refused" order is never claimed: a refusal is final.
 */
export async function claimOrderForResubmit(
  sql: Sql,
  id: string,
  opts: { leaseMs: number },
): Promise<OrderRow | null> {
  const row = await db(sql)
    .updateTable("orders")
    .set({ status: SUBMITTING, updatedAt: raw`now()`, submitLeaseUntil: leaseFromMs(opts.leaseMs) })
    .where("id", "=", id)
    .where((eb) =>
      eb.or([eb("status", "=", SUBMIT_FAILED), eb.and([eb("status", "=", SUBMITTING), leaseExpired])]),
    )
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Renews the lease of an order its sender is still sending (the batch sender, waiting between tries or
 * for the service's rate limit), so that nobody takes it for orphaned. Nothing once it has an answer.
 */
export async function renewSubmitLease(sql: Sql, id: string, opts: { leaseMs: number }): Promise<void> {
  await db(sql)
    .updateTable("orders")
    .set({ submitLeaseUntil: leaseFromMs(opts.leaseMs) })
    .where("id", "=", id)
    .where("status", "=", SUBMITTING)
    .execute();
}

/**
 * Claims up to `limit` orphaned "Submitting" orders for resending, oldest lease first, renewing each lease
 * by `leaseMs`. Rows another instance is claiming right now are skipped (FOR UPDATE SKIP LOCKED), and the
 * renewed lease keeps every other claimer (another instance, a human retry) off until this one has answered.
 */
export async function claimStaleSubmissions(
  sql: Sql,
  opts: { leaseMs: number; limit: number },
): Promise<OrderRow[]> {
  // A materialised CTE, not `id IN (SELECT ... LIMIT)`: PostgreSQL may run such a subquery more than once
  // in one UPDATE, and LIMIT would then not bound the batch.
  return db(sql)
    .with(
      (cte) => cte("picked").materialized(),
      (k) =>
        k
          .selectFrom("orders")
          .select("id")
          .where("status", "=", SUBMITTING)
          .where(leaseExpired)
          .orderBy("submitLeaseUntil", (ob) => ob.asc().nullsFirst())
          .orderBy("id")
          .limit(opts.limit)
          .forUpdate()
          .skipLocked(),
    )
    .updateTable("orders as o")
    .from("picked")
    .set({ submitLeaseUntil: leaseFromMs(opts.leaseMs), updatedAt: raw`now()` })
    .whereRef("o.id", "=", "picked.id")
    .where("o.status", "=", SUBMITTING)
    .returningAll("o")
    .execute();
}

/** Milliseconds until the next "Submitting" lease runs out (0 when one already has), null when none is. */
export async function msUntilNextStaleSubmission(sql: Sql): Promise<number | null> {
  const row = await db(sql)
    .selectFrom("orders")
    .select(
      raw<
        number | null
      >`(EXTRACT(EPOCH FROM min(COALESCE(submit_lease_until, updated_at + interval '120 seconds')) - now()) * 1000)::double precision`.as(
        "ms",
      ),
    )
    .where("status", "=", SUBMITTING)
    .executeTakeFirst();
  const ms = row?.ms;
  return ms === null || ms === undefined ? null : Math.max(0, Number(ms));
}

export interface SubmitSuccess {
  providerOrderId: string;
  /** The service's status at creation ("In progress"). */
  status: string;
  response: Record<string, unknown>;
  bankDetails: BankDetails | null;
  expiresAt: Date | null;
  /** Two-decimal string, the amount the customer must pay (random cents included); null for pay-outs. */
  finalAmount: string | null;
  /** HTTP attempts this submit took. */
  attempts: number;
}

/**
 * Stores the service's answer. A callback may have arrived first and set a final status: that status is
 * kept (a final status never changes).
 */
export async function recordSubmitSuccess(sql: Sql, id: string, s: SubmitSuccess): Promise<OrderRow | null> {
  const row = await db(sql)
    .updateTable("orders")
    .set({
      providerOrderId: s.providerOrderId,
      status: raw<string>`CASE WHEN status = ANY(${[...FINAL_STATUSES]}::text[]) THEN status ELSE ${s.status} END`,
      response: JSON.stringify(s.response),
      bankDetails: s.bankDetails === null ? null : JSON.stringify(s.bankDetails),
      expiresAt: s.expiresAt,
      finalAmount: s.finalAmount,
      lastError: null,
      submitAttempts: raw`submit_attempts + ${s.attempts}`,
      updatedAt: raw`now()`,
    })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Marks the order "Submit failed" (or, for an answer that refuses the order itself, "Refused": final) with
 * the error of its last attempt (no card number may be in it).
 */
export async function recordSubmitFailure(
  sql: Sql,
  id: string,
  f: { lastError: Record<string, unknown>; attempts: number; status?: typeof SUBMIT_FAILED | typeof REFUSED },
): Promise<OrderRow | null> {
  const row = await db(sql)
    .updateTable("orders")
    .set({
      status: f.status ?? SUBMIT_FAILED,
      lastError: JSON.stringify(f.lastError),
      submitAttempts: raw`submit_attempts + ${f.attempts}`,
      updatedAt: raw`now()`,
    })
    .where("id", "=", id)
    .where("status", "=", SUBMITTING)
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/** An order linked to another by "Fix and resend", as the order pages show the link. */
export interface LinkedOrder {
  id: string;
  paymentId: string;
  status: string;
}

/** The orders made by "Fix and resend" of a refused order, oldest first. */
export async function listResendsOf(sql: Sql, id: string): Promise<LinkedOrder[]> {
  if (!isUuid(id)) return [];
  return db(sql)
    .selectFrom("orders")
    .select(["id", "paymentId", "status"])
    .where("resendOf", "=", id)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
}
