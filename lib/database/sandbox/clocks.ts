/**
 * Each account's clock (POST /sandbox/clock): the real time plus the account's offset. Order times
 * (createdAt, expiresAt, updatedAt) and expiry run on it; the callback queue keeps real times, and an
 * advance brings the account's pending callbacks forward by as much, so a retry due "in 10 minutes" of the
 * account's time is due at once after a 10-minute advance.
 */
import { type Kysely, sql as raw } from "kysely";
import type { Sql } from "@/lib/database";
import { prepare, typed } from "@/lib/database/kysely";
import type { SandboxDatabase } from "./schema";

const offsetOf = prepare(["clientId"], (k: Kysely<SandboxDatabase>, a: { clientId: string }) =>
  k
    .selectFrom("sandboxClocks")
    .select(raw<number>`offset_ms::float8`.as("offsetMs"))
    .where("clientId", "=", a.clientId),
);

/** How far the account's clock runs ahead of the real one, in ms (0: it never moved). */
export async function clockOffsetMs(sql: Sql, clientId: string): Promise<number> {
  const [row] = await offsetOf(sql, { clientId });
  return row?.offsetMs ?? 0;
}

/**
 * Moves the account's clock `byMs` (> 0) further ahead and its pending callbacks as much earlier, in one
 * transaction. Returns the new offset.
 */
export async function advanceClock(sql: Sql, clientId: string, byMs: number): Promise<number> {
  return sql.transaction(async (tx) => {
    const [row] = await typed<SandboxDatabase>(tx)
      .insertInto("sandboxClocks")
      .values({ clientId, offsetMs: byMs })
      .onConflict((oc) =>
        oc.column("clientId").doUpdateSet({
          offsetMs: raw<number>`sandbox_clocks.offset_ms + excluded.offset_ms`,
          updatedAt: raw<Date>`now()`,
        }),
      )
      .returning(raw<number>`offset_ms::float8`.as("offsetMs"))
      .execute();
    await typed<SandboxDatabase>(tx)
      .updateTable("sandboxCallbacks")
      .set({ nextAttemptAt: raw<Date>`next_attempt_at - ${byMs} * interval '1 millisecond'` })
      .where("clientId", "=", clientId)
      .where("state", "=", "pending")
      .execute();
    if (!row) throw new Error("advanceClock: the upsert returned no row");
    return row.offsetMs;
  });
}

/** The account's time, in SQL, for `real` (a parameter or expression of the real time) in a row's context. */
export const accountTime = (real: unknown, clientIdColumn: string) =>
  raw<Date>`${real}::timestamptz + coalesce((SELECT c.offset_ms FROM sandbox_clocks c WHERE c.client_id = ${raw.ref(clientIdColumn)}), 0) * interval '1 millisecond'`;
