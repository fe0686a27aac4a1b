import "server-only";
import type { Sql } from "@/lib/database";
import { typed } from "@/lib/database/kysely";
import type { DashboardDatabase } from "@/lib/database/dashboard/schema";
import { SIGN_IN_ACCOUNT_RULE, signInAccountKey, windowStaleBefore } from "./rate-limit";

const ACCOUNT_KEY_PREFIX = signInAccountKey("");

/**
 * Accounts locked against strangers right now (five failed sign-ins in the window), by lower-cased email,
 * with the instant the lock ends. Owners on a browser with a device token are not affected by these.
 */
export async function listAccountLocks(sql: Sql, now: Date): Promise<Map<string, Date>> {
  const rows = await typed<DashboardDatabase>(sql)
    .selectFrom("rateLimits")
    .select(["key", "windowStart"])
    .where((eb) => eb.fn<boolean>("starts_with", [eb.ref("key"), eb.val(ACCOUNT_KEY_PREFIX)]))
    .where("count", ">=", SIGN_IN_ACCOUNT_RULE.limit)
    .where("windowStart", ">", windowStaleBefore(SIGN_IN_ACCOUNT_RULE, now))
    .execute();
  return new Map(
    rows.map((r) => [
      r.key.slice(ACCOUNT_KEY_PREFIX.length),
      new Date(r.windowStart.getTime() + SIGN_IN_ACCOUNT_RULE.windowMs),
    ]),
  );
}

/** Ends an account's lock (and its failure count); true when there was a lock to end. */
export async function unlockAccount(sql: Sql, email: string, now: Date): Promise<boolean> {
  const rows = await typed<DashboardDatabase>(sql)
    .deleteFrom("rateLimits")
    .where("key", "=", signInAccountKey(email))
    .where("count", ">=", SIGN_IN_ACCOUNT_RULE.limit)
    .where("windowStart", ">", windowStaleBefore(SIGN_IN_ACCOUNT_RULE, now))
    .returning("key")
    .execute();
  return rows.length > 0;
}
