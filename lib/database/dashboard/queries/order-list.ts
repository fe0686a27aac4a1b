/**
 * The orders list (owner: orders): filtered, searched, keyset-paginated on (created_at, id) — never OFFSET,
 * so page 10 000 costs what page 1 costs — plus the overview's counts and the live-status lookup.
 */
import "server-only";
import { type Expression, type ExpressionBuilder, type Kysely, sql as raw, type SqlBool } from "kysely";
import { isUuid } from "@/lib/contract/uuid";
import type { Sql } from "@/lib/database";
import { prepare, typed } from "@/lib/database/kysely";
import type { DashboardDatabase, Order } from "@/lib/database/dashboard/schema";
import { uuidPrefixRange } from "@/lib/contract/uuid-prefix";
import type { OrderListFilters, OrderListPage } from "@/lib/orders/list-filters";
import { parseCursor } from "../keyset-cursor";

/** The list's columns (not the request, response or details), and the row's keyset position. */
const LIST_COLUMNS = [
  "id",
  "direction",
  "paymentId",
  "providerOrderId",
  "paymentMethod",
  "amount",
  "finalAmount",
  "currency",
  "country",
  "status",
  "clientEmail",
  "createdAt",
  "updatedAt",
] as const;

/** This row's keyset position, for next/previous links (lib/database/dashboard/keyset-cursor.ts reads it). */
const cursorOf = raw<string>`(extract(epoch FROM created_at) * 1000000)::bigint::text || '_' || id::text`;

export type OrderListRow = Pick<Order, (typeof LIST_COLUMNS)[number]> & { cursor: string };

export interface OrderListResult {
  rows: OrderListRow[];
  /** Position to continue after the last row; null on the last page. */
  nextCursor: string | null;
  /** Position to go back from the first row; null on the first page. */
  prevCursor: string | null;
}

export const ORDER_LIST_MAX_LIMIT = 200;

type Where = ExpressionBuilder<DashboardDatabase, "orders">;

/** Whether some order's id, paymentId or service id lies in [low, high] (the starts of ids). */
const idRanges = (eb: Where, low: string, high: string) =>
  eb.or([
    eb.between("id", low, high),
    eb.between("paymentId", low, high),
    eb.between("providerOrderId", low, high),
  ]);

/**
 * How `q` is searched: as text in emails; by the start of ids (`low`..`high`); or as text only when no order
 * at all (whatever the other filters) has an id starting so — an uncorrelated NOT EXISTS, which PostgreSQL
 * evaluates once, before the scan.
 */
type Search = { search: "text" } | { search: "idStart" | "textUnlessIdStart"; low: string; high: string };

/** The filters as one condition (true when there are none). */
function whereOf(eb: Where, filters: OrderListFilters, search: Search) {
  const where: Expression<SqlBool>[] = [];
  if (filters.direction) where.push(eb("direction", "=", filters.direction));
  if (filters.method) where.push(eb("paymentMethod", "=", filters.method));
  if (filters.status) where.push(eb("status", "=", filters.status));
  if (filters.country) where.push(eb("country", "=", filters.country));
  if (filters.from) where.push(eb("createdAt", ">=", new Date(`${filters.from}T00:00:00Z`)));
  if (filters.to) {
    const end = new Date(`${filters.to}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    where.push(eb("createdAt", "<", end));
  }
  if (filters.q) {
    if (isUuid(filters.q)) {
      const id = filters.q.toLowerCase();
      where.push(eb.or([eb("id", "=", id), eb("paymentId", "=", id), eb("providerOrderId", "=", id)]));
    } else if (search.search === "idStart") {
      where.push(idRanges(eb, search.low, search.high));
    } else {
      const like = `%${filters.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(eb(eb.fn("lower", ["clientEmail"]), "like", like));
      if (search.search === "textUnlessIdStart") {
        const { low, high } = search;
        where.push(
          eb.not(
            eb.exists(
              eb
                .selectFrom("orders")
                .select((inner) => inner.lit(1).as("one"))
                .where((inner) => idRanges(inner, low, high)),
            ),
          ),
        );
      }
    }
  }
  return eb.and(where);
}

/**
 * One page of orders, newest first. `page.after` continues forwards, `page.before` goes back.
 *
 * Hex text that starts some order's id ("7651ab12", as the list shows ids) finds those orders by ranges on
 * the uuid indexes; other text is searched in emails. Whether `q` starts an id is judged without the other
 * filters or the page, so every page of a search reads it the same way. The id page is asked first: when it
 * has rows, q starts an id, and that one statement was the whole search (an 8-character prefix at 1M: as fast
 * as a full-id match, npm run bench -- dashboard). An empty page is followed by the email search, gated by
 * "no id starts so" inside the same statement. (ORing the email search into the id statement read the
 * trigram index every time, 2.5× the full-id search; a UNION ALL of both cost ~1 ms of planning.)
 */
export async function listOrders(
  sql: Sql,
  filters: OrderListFilters,
  page: OrderListPage & { limit: number },
): Promise<OrderListResult> {
  const idRange = filters.q && !isUuid(filters.q) ? uuidPrefixRange(filters.q) : null;
  if (!idRange) return listPage(sql, filters, { search: "text" }, page);
  const byId = await listPage(sql, filters, { search: "idStart", ...idRange }, page);
  if (byId.rows.length > 0) return byId;
  // No row: an email search, unless some id starts so (then the id search's empty page stands).
  return listPage(sql, filters, { search: "textUnlessIdStart", ...idRange }, page);
}

async function listPage(
  sql: Sql,
  filters: OrderListFilters,
  search: Search,
  page: OrderListPage & { limit: number },
): Promise<OrderListResult> {
  const limit = Math.max(1, Math.min(ORDER_LIST_MAX_LIMIT, Math.trunc(page.limit)));
  const backwards = Boolean(page.before) && !page.after;
  const cursor = parseCursor((backwards ? page.before : page.after) ?? "");
  const direction = backwards ? "asc" : "desc";
  const rows = await typed<DashboardDatabase>(sql)
    .selectFrom("orders")
    .select([...LIST_COLUMNS, cursorOf.as("cursor")])
    .where((eb) => {
      const filtered = whereOf(eb, filters, search);
      if (!cursor) return filtered;
      const at = raw<Date>`'epoch'::timestamptz + ${cursor.micros}::bigint * interval '1 microsecond'`;
      const keyset = eb(eb.refTuple("createdAt", "id"), backwards ? ">" : "<", eb.tuple(at, cursor.id));
      return eb.and([filtered, keyset]);
    })
    .orderBy("createdAt", direction)
    .orderBy("id", direction)
    .limit(limit + 1)
    .execute();
  const more = rows.length > limit;
  const pageRows = rows.slice(0, limit);
  if (backwards) pageRows.reverse();
  const first = pageRows[0]?.cursor ?? null;
  const last = pageRows[pageRows.length - 1]?.cursor ?? null;
  return {
    rows: pageRows,
    nextCursor: backwards ? (pageRows.length > 0 ? last : null) : more ? last : null,
    prevCursor: backwards ? (more ? first : null) : cursor ? first : null,
  };
}

/** Every order of the filter, newest first, in batches (the CSV export streams these). */
export async function* iterateOrders(
  sql: Sql,
  filters: OrderListFilters,
  batchSize = 500,
): AsyncGenerator<OrderListRow[]> {
  let after: string | undefined;
  for (;;) {
    const page = await listOrders(sql, filters, { after, limit: batchSize });
    if (page.rows.length > 0) yield page.rows;
    if (!page.nextCursor) return;
    after = page.nextCursor;
  }
}

/**
 * Orders per status (the overview), most frequent first. Read from the trigger-kept counters of migration
 * 0008 (a few dozen rows whatever the number of orders), exact for the reader's snapshot.
 */
export async function countOrdersByStatus(sql: Sql) {
  return typed<DashboardDatabase>(sql)
    .selectFrom("orderStatusCounts")
    .select(["status", raw<number>`sum(n)::int`.as("count")])
    .groupBy("status")
    .having(raw`sum(n)`, "<>", 0)
    .orderBy("count", "desc")
    .orderBy("status")
    .execute();
}

export type OrderStatusRow = Pick<Order, "id" | "status" | "updatedAt">;

// The live-status poll runs every few seconds per open page: prepared (compiled once), see prepare().
const statusesOf = prepare(["ids"], (k: Kysely<DashboardDatabase>, a: { ids: string[] }) =>
  k
    .selectFrom("orders")
    .select(["id", "status", "updatedAt"])
    .where(raw<boolean>`id = ANY(${a.ids}::uuid[])`),
);

/** Current statuses of the given orders (the live-status poll). Non-UUIDs are ignored. */
export async function getOrderStatuses(sql: Sql, ids: readonly string[]): Promise<OrderStatusRow[]> {
  const valid = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];
  if (valid.length === 0) return [];
  return statusesOf(sql, { ids: valid });
}
