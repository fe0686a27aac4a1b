import "server-only";
import type { Sql } from "@/lib/database";
import { SIGN_IN_ACCOUNT_RULE, signInAccountKey, windowStaleBefore } from "./rate-limit";

const ACCOUNT_KEY_PREFIX = signInAccountKey("");

/**
 * Accounts locked against strangers right now (five failed sign-ins in the window), by lower-cased email,
 * with the instant the lock ends. Owners on a browser with a device token are not affected by these.
 */
export async function listAccountLocks(sql: Sql, now: Date): Promise<Map<string, Date>> {
  const rows = await sql.query<{ key: string; windowStart: Date }>(
    `SELECT key, window_start AS "windowStart" FROM rate_limits
      WHERE starts_with(key, $1) AND count >= $2 AND window_start > $3`,
    [ACCOUNT_KEY_PREFIX, SIGN_IN_ACCOUNT_RULE.limit, windowStaleBefore(SIGN_IN_ACCOUNT_RULE, now)],
  );
  return new Map(
    rows.map((r) => [
      r.key.slice(ACCOUNT_KEY_PREFIX.length),
      new Date(r.windowStart.getTime() + SIGN_IN_ACCOUNT_RULE.windowMs),
    ]),
  );
}

/** Ends an account's lock (and its failure count); true when there was a lock to end. */
export async function unlockAccount(sql: Sql, email: string, now: Date): Promise<boolean> {
  const rows = await sql.query(
    "DELETE FROM rate_limits WHERE key = $1 AND count >= $2 AND window_start > $3 RETURNING key",
    [signInAccountKey(email), SIGN_IN_ACCOUNT_RULE.limit, windowStaleBefore(SIGN_IN_ACCOUNT_RULE, now)],
  );
  return rows.length > 0;
}
