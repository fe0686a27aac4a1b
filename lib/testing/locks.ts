/** For tests that hold one side of a database race open on purpose. */
import type { Sql } from "@/lib/database";

/** A promise and the function that fulfils it (Promise.withResolvers, which tsconfig's ES2023 lib lacks). */
export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Waits (up to 5 s) until exactly `n` statements on this PostgreSQL database wait for a lock. */
export async function untilWaitingOnLocks(db: Sql, n: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const [row] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (row?.n === n) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`expected ${n} statements waiting on a lock`);
}
