import "server-only";
import { sql as raw, type Selectable } from "kysely";
import type { Sql } from "@/lib/database";
import { typed } from "@/lib/database/kysely";
import type { DashboardDatabase, RateLimitsColumns } from "@/lib/database/dashboard/schema";

export type RateLimitRow = Selectable<RateLimitsColumns>;

const db = (sql: Sql) => typed<DashboardDatabase>(sql);

export async function getRateLimit(sql: Sql, key: string): Promise<RateLimitRow | null> {
  const row = await db(sql).selectFrom("rateLimits").selectAll().where("key", "=", key).executeTakeFirst();
  return row ?? null;
}

/**
 * Counts one hit in a fixed window, atomically (one statement, so concurrent instances never lose a hit):
 * a window that started at or before `staleBefore` is over, and the hit opens a new one at `now`.
 */
export async function incrementRateLimit(
  sql: Sql,
  key: string,
  now: Date,
  staleBefore: Date,
): Promise<RateLimitRow> {
  const row = await db(sql)
    .insertInto("rateLimits")
    .values({ key, windowStart: now, count: 1 })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet((eb) => {
        const over = eb("rateLimits.windowStart", "<=", staleBefore);
        return {
          windowStart: eb
            .case()
            .when(over)
            .then(eb.ref("excluded.windowStart"))
            .else(eb.ref("rateLimits.windowStart"))
            .end(),
          count: eb
            .case()
            .when(over)
            .then(1)
            .else(eb("rateLimits.count", "+", 1))
            .end(),
        };
      }),
    )
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new Error(`rate limit upsert returned no row for ${key}`);
  return row;
}

/** Gives back one counted hit (a sign-in that turned out to be legitimate). */
export async function decrementRateLimit(sql: Sql, key: string): Promise<void> {
  await db(sql)
    .updateTable("rateLimits")
    .set({ count: raw<number>`greatest(count - 1, 0)` })
    .where("key", "=", key)
    .execute();
}

export async function deleteRateLimit(sql: Sql, key: string): Promise<void> {
  await db(sql).deleteFrom("rateLimits").where("key", "=", key).execute();
}

/** Drops windows that started before `before` (they can no longer block anyone). */
export async function deleteStaleRateLimits(sql: Sql, before: Date): Promise<void> {
  await db(sql).deleteFrom("rateLimits").where("windowStart", "<", before).execute();
}
