/** The durable callback queue and its attempt log. */
import type { Sql } from "@/lib/database";
import { typed } from "@/lib/database/kysely";
import type { SandboxCallback, SandboxCallbackAttempt, SandboxDatabase } from "./schema";

export type CallbackRow = SandboxCallback;
export type AttemptRow = Omit<SandboxCallbackAttempt, "id">;

const db = (sql: Sql) => typed<SandboxDatabase>(sql);

export async function enqueueCallback(
  sql: Sql,
  c: { id: string; orderId: string; clientId: string; url: string; status: string; body: string; at: Date },
): Promise<void> {
  const { at, ...callback } = c;
  await db(sql)
    .insertInto("sandboxCallbacks")
    .values({ ...callback, state: "pending", nextAttemptAt: at, createdAt: at })
    .execute();
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
): Promise<CallbackRow[]> {
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

export async function recordAttempt(sql: Sql, a: SandboxCallbackAttempt): Promise<void> {
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

export async function listCallbacksOfOrder(sql: Sql, orderId: string): Promise<CallbackRow[]> {
  return db(sql)
    .selectFrom("sandboxCallbacks")
    .selectAll()
    .where("orderId", "=", orderId)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
}

export async function listAttemptsOfOrder(sql: Sql, orderId: string): Promise<AttemptRow[]> {
  return db(sql)
    .selectFrom("sandboxCallbackAttempts as a")
    .innerJoin("sandboxCallbacks as c", "c.id", "a.callbackId")
    .select(["a.callbackId", "a.attempt", "a.startedAt", "a.durationMs", "a.statusCode", "a.error"])
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
): Promise<CallbackRow | undefined> {
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
export async function latestCallbackOf(sql: Sql, orderId: string): Promise<CallbackRow | undefined> {
  return db(sql)
    .selectFrom("sandboxCallbacks")
    .selectAll()
    .where("orderId", "=", orderId)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}
