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
 * transaction, unless the offset would then pass `maxOffsetMs` (checked in the upsert, so moves made at
 * once through several instances cannot add up past it). Returns the new offset, or undefined (not moved).
 */
export async function advanceClock(
  sql: Sql,
  clientId: string,
  byMs: number,
  maxOffsetMs: number,
): Promise<number | undefined> {
  if (byMs > maxOffsetMs) return undefined;
  return sql.transaction(async (tx) => {
    const [row] = await typed<SandboxDatabase>(tx)
      .insertInto("sandboxClocks")
      .values({ clientId, offsetMs: byMs })
      .onConflict((oc) =>
        oc
          .column("clientId")
          .doUpdateSet({
            offsetMs: raw<number>`sandbox_clocks.offset_ms + excluded.offset_ms`,
            updatedAt: raw<Date>`now()`,
          })
          .where(raw<boolean>`sandbox_clocks.offset_ms + excluded.offset_ms <= ${maxOffsetMs}`),
      )
      .returning(raw<number>`offset_ms::float8`.as("offsetMs"))
      .execute();
    if (!row) return undefined;
    await typed<SandboxDatabase>(tx)
      .updateTable("sandboxCallbacks")
      .set({ nextAttemptAt: raw<Date>`next_attempt_at - ${byMs} * interval '1 millisecond'` })
      .where("clientId", "=", clientId)
      .where("state", "=", "pending")
      .execute();
    return row.offsetMs;
  });
}

/**
 * Puts the account's clock back on the real time (also a clock stored before moves were bounded, however
 * far ahead). Pending callbacks keep their real due times.
 */
export async function resetClock(sql: Sql, clientId: string): Promise<void> {
  await typed<SandboxDatabase>(sql).deleteFrom("sandboxClocks").where("clientId", "=", clientId).execute();
}

/** The account's time, in SQL, for `real` (a parameter or expression of the real time) in a row's context. */
export const accountTime = (real: unknown, clientIdColumn: string) =>
  raw<Date>`${real}::timestamptz + coalesce((SELECT c.offset_ms FROM sandbox_clocks c WHERE c.client_id = ${raw.ref(clientIdColumn)}), 0) * interval '1 millisecond'`;
