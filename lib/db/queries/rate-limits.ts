import "server-only";
import type { Sql } from "@/lib/database";

export interface RateLimitRow {
  key: string;
  windowStart: Date;
  count: number;
}

export async function getRateLimit(sql: Sql, key: string): Promise<RateLimitRow | null> {
  const rows = await sql.query<RateLimitRow>(
    `SELECT key, window_start AS "windowStart", count FROM rate_limits WHERE key = $1`,
    [key],
  );
  return rows[0] ?? null;
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
  const rows = await sql.query<RateLimitRow>(
    `INSERT INTO rate_limits (key, window_start, count) VALUES ($1, $2, 1)
     ON CONFLICT (key) DO UPDATE SET
       window_start = CASE WHEN rate_limits.window_start <= $3 THEN EXCLUDED.window_start ELSE rate_limits.window_start END,
       count = CASE WHEN rate_limits.window_start <= $3 THEN 1 ELSE rate_limits.count + 1 END
     RETURNING key, window_start AS "windowStart", count`,
    [key, now, staleBefore],
  );
  const row = rows[0];
  if (!row) throw new Error(`rate limit upsert returned no row for ${key}`);
  return row;
}

/** Gives back one counted hit (a sign-in that turned out to be legitimate). */
export async function decrementRateLimit(sql: Sql, key: string): Promise<void> {
  await sql.query("UPDATE rate_limits SET count = greatest(count - 1, 0) WHERE key = $1", [key]);
}

export async function deleteRateLimit(sql: Sql, key: string): Promise<void> {
  await sql.query("DELETE FROM rate_limits WHERE key = $1", [key]);
}

/** Drops windows that started before `before` (they can no longer block anyone). */
export async function deleteStaleRateLimits(sql: Sql, before: Date): Promise<void> {
  await sql.query("DELETE FROM rate_limits WHERE window_start < $1", [before]);
}
