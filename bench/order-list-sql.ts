/**
 * The baseline for the orders list's typed query (issue 7: "the benches must not get slower"): the list
 * statement as it was built by hand before the Kysely data layer (lib/db/queries/order-list.ts at 296fef5),
 * string concatenation and `AS "camelCase"` aliases, run through the same `Sql` handle. Only the forms the
 * bench compares (filters, a whole-id search, a keyset cursor); bench/dashboard-list.ts times both in one run.
 */
import type { Sql } from "@/lib/database";
import { isUuid } from "@/lib/contract/uuid";
import { parseCursor } from "@/lib/database/dashboard/keyset-cursor";
import type { OrderListFilters } from "@/lib/orders/list-filters";

const LIST_COLUMNS = `id, direction, payment_id AS "paymentId", provider_order_id AS "providerOrderId",
  payment_method AS "paymentMethod", amount, final_amount AS "finalAmount", currency, country, status,
  client_email AS "clientEmail", created_at AS "createdAt", updated_at AS "updatedAt",
  (extract(epoch FROM created_at) * 1000000)::bigint::text || '_' || id::text AS cursor`;

/** One page, newest first, continuing after `after`: the hand-built statement. */
export async function listOrdersHandBuilt(
  sql: Sql,
  filters: OrderListFilters,
  page: { after?: string; limit: number },
): Promise<{ rows: { cursor: string }[]; nextCursor: string | null }> {
  const params: unknown[] = [];
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where: string[] = [];
  if (filters.direction) where.push(`direction = ${p(filters.direction)}`);
  if (filters.method) where.push(`payment_method = ${p(filters.method)}`);
  if (filters.status) where.push(`status = ${p(filters.status)}`);
  if (filters.country) where.push(`country = ${p(filters.country)}`);
  if (filters.q) {
    if (!isUuid(filters.q)) throw new Error("the baseline searches whole ids only");
    const id = p(filters.q.toLowerCase());
    where.push(`(id = ${id}::uuid OR payment_id = ${id}::uuid OR provider_order_id = ${id}::uuid)`);
  }
  const cursor = parseCursor(page.after ?? "");
  if (cursor) {
    const at = `'epoch'::timestamptz + ${p(cursor.micros)}::bigint * interval '1 microsecond'`;
    where.push(`(created_at, id) < (${at}, ${p(cursor.id)}::uuid)`);
  }
  const limit = p(page.limit + 1);
  const rows = await sql.query<{ cursor: string }>(
    `SELECT ${LIST_COLUMNS} FROM orders ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
      ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
    params,
  );
  const more = rows.length > page.limit;
  const pageRows = rows.slice(0, page.limit);
  return { rows: pageRows, nextCursor: more ? (pageRows[pageRows.length - 1]?.cursor ?? null) : null };
}
