/**
 * How much of the time the server's statements spend queued on locks (issue 45): samples PostgreSQL's
 * pg_stat_activity for the database every 50 ms while a load runs, and gives the share of the active
 * statements seen that were waiting on a lock. A share, so less moved by other load than a throughput
 * ratio, and meant to show shared write rows in the smoke's short rounds too (whose throughput ratio is
 * noise: they end by a count of requests). Full-size runs: with 0025's rollup rows upserted by every
 * callback it was 92 % (on `transactionid`), with 0031's deltas 12–32 % (on the NOTIFY queue); the smoke
 * after 0031 gave 0 %, and was not run on main's code.
 */
import type { Database } from "@/lib/database";

export interface LockWaits {
  /** Waiting on a lock, of the active statements seen. */
  share: number;
  /** What they waited on (pg_stat_activity's wait_event: `tuple` and `transactionid` for rows, `object` for
   * the NOTIFY queue at commit…), by the number of times seen. */
  byEvent: Record<string, number>;
}

export function sampleLockWaits(db: Database): { stop: () => Promise<LockWaits> } {
  let stopped = false;
  let active = 0;
  let waiting = 0;
  const byEvent: Record<string, number> = {};
  const loop = (async () => {
    while (!stopped) {
      const rows = await db.query<{ event: string | null; n: number }>(
        `SELECT CASE WHEN wait_event_type = 'Lock' THEN wait_event END AS event, count(*)::int AS n
          FROM pg_stat_activity
          WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()
          GROUP BY 1`,
      );
      for (const r of rows) {
        active += r.n;
        if (r.event === null) continue;
        waiting += r.n;
        byEvent[r.event] = (byEvent[r.event] ?? 0) + r.n;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
      return { share: active === 0 ? 0 : waiting / active, byEvent };
    },
  };
}
