/** The durable callback queue and its attempt log. */
import { randomUUID } from "node:crypto";
import { sql as raw } from "kysely";
import { IN_PROGRESS } from "@/lib/contract";
import type { Sql } from "@/lib/database";
import { typed } from "@/lib/database/kysely";
import type { CallbackChaos, SandboxCallbackRow, SandboxCallbackAttemptRow, SandboxDatabase } from "./schema";

export type AttemptRow = Omit<SandboxCallbackAttemptRow, "id">;

const db = (sql: Sql) => typed<SandboxDatabase>(sql);

export async function enqueueCallback(
  sql: Sql,
  c: Pick<SandboxCallbackRow, "id" | "orderId" | "clientId" | "url" | "status" | "body"> & {
    at: Date;
    /** When its first attempt is due, if not at once (callback chaos "late"). */
    dueAt?: Date;
    chaos?: CallbackChaos | null;
  },
): Promise<void> {
  const { at, dueAt, chaos, ...callback } = c;
  await db(sql)
    .insertInto("sandboxCallbacks")
    .values({
      ...callback,
      state: "pending",
      nextAttemptAt: dueAt ?? at,
      createdAt: at,
      chaos: chaos ? JSON.stringify(chaos) : null,
    })
    .execute();
}

/** Callbacks not yet delivered nor given up (due now or waiting for a retry): the delivery queue's depth. */
export async function countPendingCallbacks(sql: Sql): Promise<number> {
  const row = await db(sql)
    .selectFrom("sandboxCallbacks")
    .select((eb) => eb.cast<number>(eb.fn.countAll(), "integer").as("n"))
    .where("state", "=", "pending")
    .executeTakeFirst();
  return row?.n ?? 0;
}

/**
 * Leases up to `limit` due callbacks until `leaseUntil`. SKIP LOCKED lets several sandbox instances share
 * one PostgreSQL queue; a lease that runs out (a crash mid-delivery) makes the callback due again.
 */
export async function claimDueCallbacks(
  sql: Sql,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<SandboxCallbackRow[]> {
  return db(sql)
    .updateTable("sandboxCallbacks")
    .set({ lockedUntil: leaseUntil })
    .where("id", "in", (eb) =>
      eb
        .selectFrom("sandboxCallbacks")
        .select("id")
        .where("state", "=", "pending")
        .where("nextAttemptAt", "<=", now)
        .where((w) => w.or([w("lockedUntil", "is", null), w("lockedUntil", "<=", now)]))
        .orderBy("nextAttemptAt")
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .execute();
}

/**
 * Callback chaos "out-of-order": after the order's status callback `cb` was delivered, queues a correctly
 * signed callback with the older status (In progress, as of the order's creation), once per order.
 * True when it was queued.
 */
export async function enqueueStaleCallback(
  sql: Sql,
  cb: SandboxCallbackRow,
  chaos: CallbackChaos,
  at: Date,
): Promise<boolean> {
  const stale = await db(sql)
    .selectFrom("sandboxCallbacks")
    .select("id")
    .where("orderId", "=", cb.orderId)
    .where(raw<boolean>`chaos @> '{"modes":["stale"]}'`)
    .executeTakeFirst();
  const order = await db(sql)
    .selectFrom("sandboxOrders")
    .select("createdAt")
    .where("id", "=", cb.orderId)
    .executeTakeFirst();
  if (stale || !order) return false;
  const payload = JSON.parse(cb.body) as Record<string, unknown>;
  await enqueueCallback(sql, {
    id: randomUUID(),
    orderId: cb.orderId,
    clientId: cb.clientId,
    url: cb.url,
    status: IN_PROGRESS,
    body: JSON.stringify({ ...payload, status: IN_PROGRESS, updatedAt: order.createdAt.toISOString() }),
    at,
    chaos,
  });
  return true;
}

export async function recordAttempt(sql: Sql, a: SandboxCallbackAttemptRow): Promise<void> {
  await db(sql).insertInto("sandboxCallbackAttempts").values(a).execute();
}

/** After an attempt: delivered, failed for good, or due again at `nextAttemptAt`. */
export async function settleCallback(
  sql: Sql,
  id: string,
  attempts: number,
  outcome: { state: "delivered" | "failed"; at: Date } | { state: "pending"; nextAttemptAt: Date },
): Promise<void> {
  await db(sql)
    .updateTable("sandboxCallbacks")
    .set(
      outcome.state === "pending"
        ? { attempts, nextAttemptAt: outcome.nextAttemptAt, lockedUntil: null }
        : { attempts, state: outcome.state, finishedAt: outcome.at, lockedUntil: null },
    )
    .where("id", "=", id)
    .execute();
}

export async function listCallbacksOfOrder(sql: Sql, orderId: string): Promise<SandboxCallbackRow[]> {
  return db(sql)
    .selectFrom("sandboxCallbacks")
    .selectAll()
    .where("orderId", "=", orderId)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
}

/**
 * The order's callbacks and their attempts as of one moment: read in one REPEATABLE READ transaction, so an
 * attempt settled between the two reads cannot show up in one and not the other.
 */
export async function readCallbacksOfOrder(
  sql: Sql,
  orderId: string,
): Promise<{ callbacks: SandboxCallbackRow[]; attempts: AttemptRow[] }> {
  return sql.transaction(async (tx) => {
    await tx.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ");
    const callbacks = await listCallbacksOfOrder(tx, orderId);
    return { callbacks, attempts: await listAttemptsOfOrder(tx, orderId) };
  });
}

export async function listAttemptsOfOrder(sql: Sql, orderId: string): Promise<AttemptRow[]> {
  return db(sql)
    .selectFrom("sandboxCallbackAttempts as a")
    .innerJoin("sandboxCallbacks as c", "c.id", "a.callbackId")
    .select([
      "a.callbackId",
      "a.attempt",
      "a.startedAt",
      "a.durationMs",
      "a.statusCode",
      "a.error",
      "a.chaos",
    ])
    .where("c.orderId", "=", orderId)
    .orderBy("a.startedAt")
    .orderBy("a.attempt")
    .execute();
}

/**
 * "Send it again": the callback becomes due now, as a retry of the same message (its webhook-id and body),
 * whatever its state. Not while an attempt of it is in flight (its lease is held): then undefined.
 */
export async function makeCallbackDueAgain(
  sql: Sql,
  orderId: string,
  callbackId: string,
  now: Date,
): Promise<SandboxCallbackRow | undefined> {
  return db(sql)
    .updateTable("sandboxCallbacks")
    .set({ state: "pending", nextAttemptAt: now, finishedAt: null, lockedUntil: null })
    .where("id", "=", callbackId)
    .where("orderId", "=", orderId)
    .where((w) => w.or([w("lockedUntil", "is", null), w("lockedUntil", "<=", now)]))
    .returningAll()
    .executeTakeFirst();
}

/** The order's most recent callback (the one an operator's "send again" means). */
export async function latestCallbackOf(sql: Sql, orderId: string): Promise<SandboxCallbackRow | undefined> {
  return db(sql)
    .selectFrom("sandboxCallbacks")
    .selectAll()
    .where("orderId", "=", orderId)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}
