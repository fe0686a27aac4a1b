/**
 * The orders list (owner: orders): filtered, searched, keyset-paginated on (created_at, id) — never OFFSET,
 * so page 10 000 costs what page 1 costs — plus the overview's counts and the live-status lookup.
 */
import "server-only";
import type { Sql } from "@/lib/database";
import { isUuid, type OrderListFilters, type OrderListPage, parseCursor } from "@/lib/orders/list-filters";

export interface OrderListRow {
  id: string;
  direction: "payin" | "payout";
  paymentId: string;
  providerOrderId: string | null;
  paymentMethod: string;
  amount: string;
  finalAmount: string | null;
  currency: string | null;
  country: string;
  status: string;
  clientEmail: string;
  createdAt: Date;
  updatedAt: Date;
  /** This row's keyset position, for next/previous links. */
  cursor: string;
}

export interface OrderListResult {
  rows: OrderListRow[];
  /** Position to continue after the last row; null on the last page. */
  nextCursor: string | null;
  /** Position to go back from the first row; null on the first page. */
  prevCursor: string | null;
}

export const ORDER_LIST_MAX_LIMIT = 200;

const LIST_COLUMNS = `id, direction, payment_id AS "paymentId", provider_order_id AS "providerOrderId",
  payment_method AS "paymentMethod", amount, final_amount AS "finalAmount", currency, country, status,
  client_email AS "clientEmail", created_at AS "createdAt", updated_at AS "updatedAt",
  (extract(epoch FROM created_at) * 1000000)::bigint::text || '_' || id::text AS cursor`;

/** Builds the WHERE clause of the filters; appends its parameters to `params`. */
function whereOf(filters: OrderListFilters, params: unknown[]): string[] {
  const where: string[] = [];
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filters.direction) where.push(`direction = ${p(filters.direction)}`);
  if (filters.method) where.push(`payment_method = ${p(filters.method)}`);
  if (filters.status) where.push(`status = ${p(filters.status)}`);
  if (filters.country) where.push(`country = ${p(filters.country)}`);
  if (filters.from) where.push(`created_at >= ${p(new Date(`${filters.from}T00:00:00Z`))}`);
  if (filters.to) {
    const end = new Date(`${filters.to}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    where.push(`created_at < ${p(end)}`);
  }
  if (filters.q) {
    if (isUuid(filters.q)) {
      const id = p(filters.q.toLowerCase());
      where.push(`(id = ${id}::uuid OR payment_id = ${id}::uuid OR provider_order_id = ${id}::uuid)`);
    } else {
      const like = `%${filters.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(`lower(client_email) LIKE ${p(like)}`);
    }
  }
  return where;
}

/** One page of orders, newest first. `page.after` continues forwards, `page.before` goes back. */
export async function listOrders(
  sql: Sql,
  filters: OrderListFilters,
  page: OrderListPage & { limit: number },
): Promise<OrderListResult> {
  const limit = Math.max(1, Math.min(ORDER_LIST_MAX_LIMIT, Math.trunc(page.limit)));
  const params: unknown[] = [];
  const where = whereOf(filters, params);
  const backwards = Boolean(page.before) && !page.after;
  const cursor = parseCursor((backwards ? page.before : page.after) ?? "");
  if (cursor) {
    params.push(cursor.micros, cursor.id);
    const at = `'epoch'::timestamptz + $${params.length - 1}::bigint * interval '1 microsecond'`;
    where.push(`(created_at, id) ${backwards ? ">" : "<"} (${at}, $${params.length}::uuid)`);
  }
  params.push(limit + 1);
  const order = backwards ? "created_at ASC, id ASC" : "created_at DESC, id DESC";
  const rows = await sql.query<OrderListRow>(
    `SELECT ${LIST_COLUMNS} FROM orders ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
      ORDER BY ${order} LIMIT $${params.length}`,
    params,
  );
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

export interface StatusCount {
  status: string;
  count: number;
}

/** Orders per status (the overview), most frequent first. */
export async function countOrdersByStatus(sql: Sql): Promise<StatusCount[]> {
  return sql.query<StatusCount>(
    "SELECT status, count(*)::int AS count FROM orders GROUP BY status ORDER BY count DESC, status",
  );
}

export interface OrderStatusRow {
  id: string;
  status: string;
  updatedAt: Date;
}

/** Current statuses of the given orders (the live-status poll). Non-UUIDs are ignored. */
export async function getOrderStatuses(sql: Sql, ids: readonly string[]): Promise<OrderStatusRow[]> {
  const valid = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];
  if (valid.length === 0) return [];
  return sql.query<OrderStatusRow>(
    `SELECT id, status, updated_at AS "updatedAt" FROM orders WHERE id = ANY($1::uuid[])`,
    [valid],
  );
}
