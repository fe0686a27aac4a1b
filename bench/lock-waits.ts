/**
 * How much of the time the server's statements spend queued on locks (issue 45): samples PostgreSQL's
 * pg_stat_activity for the database every 50 ms while a load runs, and gives the share of the active
 * statements seen that were waiting on a lock. A writer path that shares rows shows at once, also in the
 * smoke's one-second rounds, where a throughput ratio is mostly noise: the Insights rollup rows every
 * callback upserted kept this near 1 on PostgreSQL.
 */
import type { Database } from "@/lib/database";

export function sampleLockWaits(db: Database): { stop: () => Promise<{ share: number; samples: number }> } {
  let stopped = false;
  let active = 0;
  let waiting = 0;
  let samples = 0;
  const loop = (async () => {
    while (!stopped) {
      const [row] = await db.query<{ active: number; waiting: number }>(
        `SELECT count(*)::int AS active, count(*) FILTER (WHERE wait_event_type = 'Lock')::int AS waiting
          FROM pg_stat_activity
          WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`,
      );
      active += row?.active ?? 0;
      waiting += row?.waiting ?? 0;
      samples++;
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
      return { share: active === 0 ? 0 : waiting / active, samples };
    },
  };
}
