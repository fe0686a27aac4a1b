import "server-only";
import { randomUUID } from "node:crypto";
import { sql as raw } from "kysely";
import type { Sql } from "@/lib/database";
import type { DashboardDatabase, SavedViewRow } from "@/lib/database/dashboard/schema";
import { typed } from "@/lib/database/kysely";

const db = (sql: Sql) => typed<DashboardDatabase>(sql);

/** A user's views, by name (case-insensitive). */
export async function listSavedViews(sql: Sql, userId: string): Promise<SavedViewRow[]> {
  return db(sql)
    .selectFrom("savedViews")
    .select(["id", "name", "query"])
    .where("userId", "=", userId)
    .orderBy(raw`lower(name)`)
    .orderBy("id")
    .execute();
}

export type InsertViewResult =
  | { ok: true; view: SavedViewRow }
  | { ok: false; reason: "name-taken" | "too-many" | "same-filters"; existing?: SavedViewRow };

/**
 * Saves a view unless the user already has one of that name (any case), one with the same filters, or
 * `limit` views. One statement decides, so two saves at once cannot both pass the checks.
 */
export async function insertSavedView(
  sql: Sql,
  userId: string,
  view: { name: string; query: string },
  limit: number,
): Promise<InsertViewResult> {
  return sql.transaction(async (tx) => {
    // One user's saves queue here: the count and the duplicate checks below see every earlier save.
    await tx.query("SELECT 1 FROM users WHERE id = $1 FOR UPDATE", [userId]);
    const mine = await listSavedViews(tx, userId);
    // Names compare with the unique index's own lower(): JavaScript folds some letters otherwise (a final
    // capital sigma becomes ς there, σ in PostgreSQL), and that disagreement would end in a 500.
    const named = await db(tx)
      .selectFrom("savedViews")
      .select(["id", "name", "query"])
      .where("userId", "=", userId)
      .where(raw`lower(name)`, "=", raw`lower(${view.name})`)
      .executeTakeFirst();
    if (named) return { ok: false, reason: "name-taken", existing: named };
    const same = mine.find((v) => v.query === view.query);
    if (same) return { ok: false, reason: "same-filters", existing: same };
    if (mine.length >= limit) return { ok: false, reason: "too-many" };
    const saved = { id: randomUUID(), name: view.name, query: view.query };
    await db(tx)
      .insertInto("savedViews")
      .values({ ...saved, userId })
      .execute();
    return { ok: true, view: saved };
  });
}

/** Deletes one of the user's own views; the deleted view, or null if they have no such view. */
export async function deleteSavedView(
  sql: Sql,
  userId: string,
  viewId: string,
): Promise<SavedViewRow | null> {
  const row = await db(sql)
    .deleteFrom("savedViews")
    .where("id", "=", viewId)
    .where("userId", "=", userId)
    .returning(["id", "name", "query"])
    .executeTakeFirst();
  return row ?? null;
}
