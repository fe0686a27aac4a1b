/**
 * For index tests: the plans of the statements a query function sends, read with EXPLAIN instead of running
 * them (sequential scans off, so a missing index shows). Test-only.
 */
import type { Database, Sql } from "@/lib/database";

/**
 * Runs `send` against a stand-in connection that EXPLAINs each statement; `rowsFor(n)` is what the n-th
 * statement (from 1) answers the query function with (default: no rows). The plans, in order.
 */
export async function plansOf(
  db: Database,
  send: (sql: Sql) => Promise<unknown>,
  rowsFor: (n: number) => unknown[] = () => [],
): Promise<string[]> {
  const plans: string[] = [];
  await db.transaction(async (tx) => {
    await tx.query("SET LOCAL enable_seqscan = off");
    const explaining: Sql = {
      query: async <T>(text: string, params?: readonly unknown[]) => {
        const rows = await tx.query<Record<string, string>>(`EXPLAIN ${text}`, params);
        plans.push(rows.map((r) => Object.values(r).join(" ")).join("\n"));
        return rowsFor(plans.length) as T[];
      },
      transaction: (fn) => fn(explaining),
      exec: (script) => tx.exec(script),
    };
    await send(explaining);
  });
  return plans;
}
