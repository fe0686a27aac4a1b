/**
 * The Callbacks page: every delivery, of any order or none, newest first, filtered by outcome, the touched
 * order's method and the day received; keyset pages on (received_at, id), never OFFSET.
 */
import "server-only";
import type {
  CallbackListFilters,
  KeysetPosition as CallbackListPage,
} from "@/lib/database/dashboard/list-types";
import type { Sql } from "@/lib/database";
import type { Direction } from "@/lib/contract";
import type { DashboardDatabase } from "@/lib/database/dashboard/schema";
import { typed } from "@/lib/database/kysely";
import { dayAfter, keysetPage, pageStart } from "../keyset-cursor";
import { cursorOf, pastCursor } from "../keyset-sql";
import type { CallbackDelivery } from "./callback-deliveries";

export type CallbackListRow = Pick<
  CallbackDelivery,
  "id" | "receivedAt" | "webhookId" | "verified" | "verificationError" | "orderId" | "status" | "outcome"
> & {
  reapplyOf: string | null;
  /** The touched order's method, paymentId and direction (null for none). */
  paymentMethod: string | null;
  paymentId: string | null;
  direction: Direction | null;
  cursor: string;
};

export interface CallbackListResult {
  rows: CallbackListRow[];
  nextCursor: string | null;
  prevCursor: string | null;
}

function filtered(sql: Sql, filters: CallbackListFilters) {
  return typed<DashboardDatabase>(sql)
    .selectFrom("callbackDeliveries as d")
    .leftJoin("orders as o", "o.id", "d.orderId")
    .$if(filters.outcome !== undefined, (q) => q.where("d.outcome", "=", filters.outcome as never))
    .$if(filters.method !== undefined, (q) => q.where("o.paymentMethod", "=", filters.method as string))
    .$if(filters.from !== undefined, (q) =>
      q.where("d.receivedAt", ">=", new Date(`${filters.from}T00:00:00Z`)),
    )
    .$if(filters.to !== undefined, (q) => q.where("d.receivedAt", "<", dayAfter(filters.to as string)));
}

export async function listCallbacks(
  sql: Sql,
  filters: CallbackListFilters,
  page: CallbackListPage & { limit: number },
): Promise<CallbackListResult> {
  const { backwards, cursor } = pageStart(page);
  const direction = backwards ? "asc" : "desc";
  const rows = await filtered(sql, filters)
    .select([
      "d.id",
      "d.receivedAt",
      "d.webhookId",
      "d.verified",
      "d.verificationError",
      "d.orderId",
      "d.status",
      "d.outcome",
      "d.reapplyOf",
      "o.paymentMethod",
      "o.paymentId",
      "o.direction",
      cursorOf("d.receivedAt", "d.id").as("cursor"),
    ])
    .$call((q) => (cursor ? q.where(pastCursor("d.receivedAt", "d.id", cursor, backwards)) : q))
    .orderBy("d.receivedAt", direction)
    .orderBy("d.id", direction)
    .limit(page.limit + 1)
    .execute();
  return keysetPage(rows, page.limit, { backwards, fromCursor: cursor !== null });
}

/** The deliveries of the filter that can be re-applied: signed, kept whole, not re-applications themselves. */
const reapplicable = (sql: Sql, filters: CallbackListFilters) =>
  filtered(sql, filters).where("d.outcome", "<>", "rejected").where("d.reapplyOf", "is", null);

/** How many deliveries "Re-apply all" would take for the filter (its confirmation says so). */
export async function countReapplicable(sql: Sql, filters: CallbackListFilters): Promise<number> {
  const row = await reapplicable(sql, filters)
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The ids of every delivery of the filter that can be re-applied, oldest first. */
export async function reapplicableIds(
  sql: Sql,
  filters: CallbackListFilters,
  limit: number,
): Promise<string[]> {
  const rows = await reapplicable(sql, filters)
    .select("d.id")
    .orderBy("d.receivedAt")
    .orderBy("d.id")
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
