/** Rate-limit counters (requests per client id; failed sign-ins per client id and address) and one-shot fault markers. */
import type { Direction } from "@/lib/contract";
import type { Kysely } from "kysely";
import type { Sql } from "@/lib/database";
import { prepare, typed } from "@/lib/database/kysely";
import type { SandboxDatabase } from "./schema";

const db = (sql: Sql) => typed<SandboxDatabase>(sql);

// Every API request runs it (admission): prepared, see prepare().
const countOne = prepare(
  ["clientId", "windowStart"],
  (k: Kysely<SandboxDatabase>, a: { clientId: string; windowStart: Date }) =>
    k
      .insertInto("sandboxRateLimits")
      .values({ clientId: a.clientId, windowStart: a.windowStart, count: 1 })
      .onConflict((oc) =>
        oc
          .columns(["clientId", "windowStart"])
          .doUpdateSet((eb) => ({ count: eb("sandboxRateLimits.count", "+", 1) })),
      )
      .returning("count"),
);

/** Counts one request in the client's current window and returns the count so far. */
export async function countRequest(sql: Sql, clientId: string, windowStart: Date): Promise<number> {
  const [row] = await countOne(sql, { clientId, windowStart });
  return row?.count ?? 1;
}

export async function deleteOldWindows(sql: Sql, before: Date): Promise<void> {
  await db(sql).deleteFrom("sandboxRateLimits").where("windowStart", "<", before).execute();
}

/** True the first time a fault of this kind fires for this paymentId. */
export async function markFaultFired(
  sql: Sql,
  clientId: string,
  direction: Direction,
  paymentId: string,
  kind: string,
): Promise<boolean> {
  const fired = await db(sql)
    .insertInto("sandboxFaults")
    .values({ clientId, direction, paymentId, kind })
    .onConflict((oc) => oc.doNothing())
    .returning("kind")
    .executeTakeFirst();
  return fired !== undefined;
}

/** The keys starting with `prefix` counted at least `min` times in the window that starts at `windowStart`. */
export async function keysCountedAtLeast(
  sql: Sql,
  prefix: string,
  windowStart: Date,
  min: number,
): Promise<{ key: string; count: number }[]> {
  const rows = await db(sql)
    .selectFrom("sandboxRateLimits")
    .select(["clientId", "count"])
    .where("clientId", "like", `${prefix.replace(/[\\%_]/g, "\\$&")}%`)
    .where("windowStart", "=", windowStart)
    .where("count", ">=", min)
    .execute();
  return rows.map((r) => ({ key: r.clientId, count: r.count }));
}
