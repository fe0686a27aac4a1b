import "server-only";
import { sql as raw } from "kysely";
import type { Sql } from "@/lib/database";
import type { CallKind, DashboardDatabase, PaymentApiCallRow } from "@/lib/database/dashboard/schema";
import { typed } from "@/lib/database/kysely";
import {
  type CallListFilters,
  type KeysetPosition as CallListPage,
  type StatusMatch,
  statusMatch,
  WHO_SYSTEM,
} from "@/lib/database/dashboard/list-types";
import { dayAfter, keysetPage, pageStart } from "../keyset-cursor";
import { cursorOf, pastCursor } from "../keyset-sql";
import { listOrders, ORDER_LIST_MAX_LIMIT } from "./order-list";

/**
 * An attempt as the pages show it, with the email of whoever caused it (null: the dashboard itself) and
 * the order it was about, if it is one of ours.
 */
export type PaymentApiCall = PaymentApiCallRow & { userEmail: string | null; orderId: string | null };

const calls = (sql: Sql) =>
  typed<DashboardDatabase>(sql)
    .selectFrom("paymentApiCalls as c")
    .leftJoin("users as u", "u.id", "c.userId")
    .selectAll("c")
    .select((eb) => [
      "u.email as userEmail",
      eb
        .selectFrom("orders as o")
        .select("o.id")
        .where((w) =>
          w.or([
            w("o.paymentId", "=", w.ref("c.paymentId")),
            w("o.providerOrderId", "=", w.ref("c.serviceOrderId")),
          ]),
        )
        .limit(1)
        .as("orderId"),
    ]);

/** An order's calls, oldest first: those whose body named its paymentId or whose path its service id. */
export async function listCallsForOrder(
  sql: Sql,
  order: { paymentId: string; providerOrderId: string | null },
): Promise<PaymentApiCall[]> {
  return calls(sql)
    .where((eb) =>
      eb.or([
        eb("c.paymentId", "=", order.paymentId),
        ...(order.providerOrderId ? [eb("c.serviceOrderId", "=", order.providerOrderId)] : []),
      ]),
    )
    .orderBy("c.startedAt")
    .orderBy("c.attempt")
    .execute();
}

export type CallListRow = PaymentApiCall & { cursor: string };

export interface CallListResult {
  rows: CallListRow[];
  nextCursor: string | null;
  prevCursor: string | null;
}

/** Orders the `order` filter reads at most (an email search could match many; the newest are taken). */
const ORDERS_MATCHED = ORDER_LIST_MAX_LIMIT;

/**
 * One page of the request log, newest first (`page.after` continues, `page.before` goes back): keyset on
 * (started_at, id), never OFFSET. The bank-directory reads are left out unless `banks` or `call` asks for
 * them, in the literal form migration 0015's partial index is made for. The `order` filter is the orders
 * list's own search; the calls are then those naming the found orders' paymentIds or service ids.
 */
export async function listCalls(
  sql: Sql,
  filters: CallListFilters,
  page: CallListPage & { limit: number },
): Promise<CallListResult> {
  const { backwards, cursor } = pageStart(page);
  const orders = filters.order
    ? (await listOrders(sql, { q: filters.order }, { limit: ORDERS_MATCHED })).rows
    : null;
  if (orders?.length === 0) return { rows: [], nextCursor: null, prevCursor: null };
  const status = filters.status ? statusMatch(filters.status) : null;
  const direction = backwards ? "asc" : "desc";
  const rows = await calls(sql)
    .select(cursorOf("c.startedAt", "c.id").as("cursor"))
    .$if(!filters.call && !filters.banks, (q) => q.where(raw<boolean>`c.kind <> 'bank-list'`))
    .$if(filters.call !== undefined, (q) => q.where("c.kind", "=", filters.call as CallKind))
    .$if(orders !== null, (q) => {
      const paymentIds = (orders ?? []).map((o) => o.paymentId);
      const serviceIds = (orders ?? []).flatMap((o) => (o.providerOrderId ? [o.providerOrderId] : []));
      return q.where(
        raw<boolean>`(c.payment_id = ANY(${paymentIds}::uuid[]) OR c.service_order_id = ANY(${serviceIds}::uuid[]))`,
      );
    })
    .$if(status !== null, (q) =>
      q.where((eb) => {
        const m = status as StatusMatch;
        return "errorKind" in m ? eb("c.errorKind", "=", m.errorKind) : eb.between("c.status", m.low, m.high);
      }),
    )
    .$if(filters.who === WHO_SYSTEM, (q) => q.where("c.userId", "is", null))
    .$if(filters.who !== undefined && filters.who !== WHO_SYSTEM, (q) =>
      q.where("c.userId", "=", (eb) =>
        eb
          .selectFrom("users")
          .select("users.id")
          .where("users.email", "=", filters.who as string),
      ),
    )
    .$if(filters.from !== undefined, (q) =>
      q.where("c.startedAt", ">=", new Date(`${filters.from}T00:00:00Z`)),
    )
    .$if(filters.to !== undefined, (q) => q.where("c.startedAt", "<", dayAfter(filters.to as string)))
    .$call((q) => (cursor ? q.where(pastCursor("c.startedAt", "c.id", cursor, backwards)) : q))
    .orderBy("c.startedAt", direction)
    .orderBy("c.id", direction)
    .limit(page.limit + 1)
    .execute();
  return keysetPage(rows, page.limit, { backwards, fromCursor: cursor !== null });
}

/** Every call of the filter, newest first, in batches, `cap` at most (the CSV export streams these). */
export async function* iterateCalls(
  sql: Sql,
  filters: CallListFilters,
  cap: number,
  batchSize = 500,
): AsyncGenerator<CallListRow[]> {
  let after: string | undefined;
  let left = cap;
  while (left > 0) {
    const page = await listCalls(sql, filters, { after, limit: Math.min(batchSize, left) });
    if (page.rows.length > 0) yield page.rows;
    left -= page.rows.length;
    if (!page.nextCursor) return;
    after = page.nextCursor;
  }
}
