import "server-only";
import type { Sql } from "@/lib/database";
import { purgeUnverifiedDeliveries } from "@/lib/database/dashboard/queries/callback-receiver";
import { UNVERIFIED_RATE_KEY_PREFIX, UNVERIFIED_WINDOW_MS } from "./receive";

const HOUR_MS = 3_600_000;
/** How often a process purges, at most: the purge rides on receiver traffic, no timer of its own. */
const PURGE_EVERY_MS = 10 * 60_000;

const state = globalThis as unknown as { __postbackPurgedAt?: number };

/** Deletes unverified deliveries older than the retention period, and the receiver's spent rate windows. */
export function purgeExpiredUnverified(db: Sql, retentionHours: number, now = new Date()): Promise<number> {
  return purgeUnverifiedDeliveries(
    db,
    new Date(now.getTime() - retentionHours * HOUR_MS),
    UNVERIFIED_RATE_KEY_PREFIX,
    new Date(now.getTime() - UNVERIFIED_WINDOW_MS),
  );
}

/** Starts a purge when none ran in this process for PURGE_EVERY_MS; never delays the caller. */
export function maybePurgeUnverified(db: Sql, retentionHours: number, now = Date.now()): void {
  if (state.__postbackPurgedAt !== undefined && now - state.__postbackPurgedAt < PURGE_EVERY_MS) return;
  state.__postbackPurgedAt = now;
  purgeExpiredUnverified(db, retentionHours, new Date(now)).catch((error: unknown) => {
    console.error("postback: purging unverified deliveries failed", error);
  });
}
