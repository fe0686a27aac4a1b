import "server-only";
import type { Sql } from "@/lib/database";
import { purgeUnverifiedDeliveries } from "@/lib/database/dashboard/queries/callback-receiver";
import { UNVERIFIED_RATE_KEY_PREFIX, UNVERIFIED_WINDOW_MS } from "./receive";
import { log } from "@/lib/observability/logger";

const HOUR_MS = 3_600_000;
/** How often a process purges, at most: the purge rides on receiver traffic, no timer of its own. */
const PURGE_EVERY_MS = 10 * 60_000;

/** Deletes unverified deliveries older than the retention period, and the receiver's spent rate windows. */
export function purgeExpiredUnverified(db: Sql, retentionHours: number, now = new Date()): Promise<number> {
  return purgeUnverifiedDeliveries(
    db,
    new Date(now.getTime() - retentionHours * HOUR_MS),
    UNVERIFIED_RATE_KEY_PREFIX,
    new Date(now.getTime() - UNVERIFIED_WINDOW_MS),
  );
}

/** The receiver's purge of expired unverified deliveries, run at most once per PURGE_EVERY_MS. */
export interface UnverifiedPurge {
  /** Starts a purge when none ran through this object for PURGE_EVERY_MS; never delays the caller. */
  maybePurge(db: Sql, now?: number): void;
}

/** One per process (lib/runtime.ts): its clock of the last purge is the process's. */
export function createUnverifiedPurge(retentionHours: number): UnverifiedPurge {
  let purgedAt: number | undefined;
  return {
    maybePurge(db, now = Date.now()) {
      if (purgedAt !== undefined && now - purgedAt < PURGE_EVERY_MS) return;
      purgedAt = now;
      purgeExpiredUnverified(db, retentionHours, new Date(now)).catch((error: unknown) => {
        log().error({ err: error }, "postback: purging unverified deliveries failed");
      });
    },
  };
}
