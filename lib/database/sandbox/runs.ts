/** QA runs: accounts made on the fly (migration 0006), and removing what a run made. */
import type { SandboxChaos } from "@/lib/contract";
import type { Sql } from "@/lib/database";
import { isDeadlock, isForeignKeyViolation, retriedWhile } from "@/lib/database/conflicts";
import { typed } from "@/lib/database/kysely";
import type { SandboxDatabase, SandboxRunRow } from "./schema";

const db = (sql: Sql) => typed<SandboxDatabase>(sql);

export async function insertRun(
  sql: Sql,
  run: {
    clientId: string;
    secret: string;
    parentClientId: string;
    label: string | null;
    chaos: SandboxChaos | null;
    at: Date;
  },
): Promise<SandboxRunRow> {
  const { at, chaos, ...rest } = run;
  return db(sql)
    .insertInto("sandboxRuns")
    .values({ ...rest, chaos: chaos ? JSON.stringify(chaos) : null, createdAt: at, lastSeenAt: at })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findRun(sql: Sql, clientId: string): Promise<SandboxRunRow | undefined> {
  return db(sql).selectFrom("sandboxRuns").selectAll().where("clientId", "=", clientId).executeTakeFirst();
}

export async function countRunsOf(sql: Sql, parentClientId: string): Promise<number> {
  const row = await db(sql)
    .selectFrom("sandboxRuns")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("parentClientId", "=", parentClientId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The account's runs, newest first. */
export async function listRunsOf(sql: Sql, parentClientId: string): Promise<SandboxRunRow[]> {
  return db(sql)
    .selectFrom("sandboxRuns")
    .selectAll()
    .where("parentClientId", "=", parentClientId)
    .orderBy("createdAt", "desc")
    .limit(1000)
    .execute();
}

export async function touchRun(sql: Sql, clientId: string, at: Date): Promise<void> {
  await db(sql).updateTable("sandboxRuns").set({ lastSeenAt: at }).where("clientId", "=", clientId).execute();
}

/** Runs not used since `before` (at most `limit`). */
export async function findIdleRuns(sql: Sql, before: Date, limit: number): Promise<string[]> {
  const rows = await db(sql)
    .selectFrom("sandboxRuns")
    .select("clientId")
    .where("lastSeenAt", "<", before)
    .orderBy("lastSeenAt")
    .limit(limit)
    .execute();
  return rows.map((r) => r.clientId);
}

/**
 * Deletes everything the account made (orders, their callbacks and attempts, fault markers, rate-limit
 * windows, request log, clock) in one transaction, and with `andAccount` the run itself. Returns how many
 * orders went.
 *
 * The sandbox goes on working meanwhile: a delivery may record an attempt, or an order's status change queue a
 * callback, after this transaction deleted that table's rows and before it deletes their parent. Committed
 * then, the new row breaks the foreign key (or, taken in the other order, a deadlock ends one side); the
 * transaction wrote nothing, so it runs again, and then deletes the newcomer too.
 */
export async function deleteAccountData(
  sql: Sql,
  clientId: string,
  { andAccount }: { andAccount: boolean },
): Promise<number> {
  const conflict = (error: unknown) => isForeignKeyViolation(error) || isDeadlock(error);
  return retriedWhile(conflict, () => deleteAccountDataOnce(sql, clientId, andAccount));
}

async function deleteAccountDataOnce(sql: Sql, clientId: string, andAccount: boolean): Promise<number> {
  return sql.transaction(async (tx) => {
    const k = db(tx);
    // Through the orders' ids: the indexes lead with the order (callbacks) and the callback (attempts).
    const ordersOf = k.selectFrom("sandboxOrders").select("id").where("clientId", "=", clientId);
    await k
      .deleteFrom("sandboxCallbackAttempts")
      .where("callbackId", "in", (eb) =>
        eb.selectFrom("sandboxCallbacks").select("id").where("orderId", "in", ordersOf),
      )
      .execute();
    await k.deleteFrom("sandboxCallbacks").where("orderId", "in", ordersOf).execute();
    const orders = await k
      .deleteFrom("sandboxOrders")
      .where("clientId", "=", clientId)
      .returning("id")
      .execute();
    await k.deleteFrom("sandboxFaults").where("clientId", "=", clientId).execute();
    await k.deleteFrom("sandboxRateLimits").where("clientId", "=", clientId).execute();
    await k.deleteFrom("sandboxRequests").where("clientId", "=", clientId).execute();
    await k.deleteFrom("sandboxClocks").where("clientId", "=", clientId).execute();
    if (andAccount) await k.deleteFrom("sandboxRuns").where("clientId", "=", clientId).execute();
    return orders.length;
  });
}
