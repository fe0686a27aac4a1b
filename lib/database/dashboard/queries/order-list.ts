/**
 * The orders list (owner: orders): filtered, searched, keyset-paginated on (created_at, id) — never OFFSET,
 * so page 10 000 costs what page 1 costs — plus the overview's counts and the live-status lookup.
 */
import "server-only";
import { type Expression, type ExpressionBuilder, type Kysely, sql as raw, type SqlBool } from "kysely";
import { isUuid } from "@/lib/contract/uuid";
import type { Sql } from "@/lib/database";
import { prepare, prepareShaped, typed } from "@/lib/database/kysely";
import type { DashboardDatabase, OrderRow } from "@/lib/database/dashboard/schema";
import { uuidPrefixRange } from "@/lib/contract/uuid-prefix";
import type { KeysetPosition as OrderListPage, OrderListFilters } from "@/lib/database/dashboard/list-types";
import { dayAfter, keysetPage, pageStart } from "../keyset-cursor";
import { cursorOf, cursorTime } from "../keyset-sql";

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

export type OrderListRow = Pick<OrderRow, (typeof LIST_COLUMNS)[number]> & { cursor: string };

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
const idRanges = (eb: Where, low: unknown, high: unknown) =>
  eb.or([
    eb.between("id", low as string, high as string),
    eb.between("paymentId", low as string, high as string),
    eb.between("providerOrderId", low as string, high as string),
  ]);

/**
 * How `q` is searched: not at all; as a whole id; as text in emails; by the start of ids (`low`..`high`); or
 * as text only when no order at all (whatever the other filters) has an id starting so — an uncorrelated NOT
 * EXISTS, which PostgreSQL evaluates once, before the scan.
 */
type Search = "none" | "exactId" | "text" | "idStart" | "textUnlessIdStart";

/**
 * The form of one list statement: which filters are set, how `q` is searched, which way the page goes. The
 * statement is compiled once per form (prepareShaped), so a page costs what the raw SQL cost before Kysely.
 */
interface ListShape {
  filters: readonly (typeof EQUALITY_FILTERS)[number][];
  from: boolean;
  to: boolean;
  search: Search;
  cursor: "none" | "after" | "before";
}

/** Filters that are one column equal to the value (URL name → column). */
const EQUALITY_FILTERS = ["direction", "method", "status", "country"] as const;
const COLUMN_OF = {
  direction: "direction",
  method: "paymentMethod",
  status: "status",
  country: "country",
} as const;

/** Every value of one list statement; those its shape does not use are null. */
interface ListArgs extends Record<string, unknown> {
  direction: string | null;
  method: string | null;
  status: string | null;
  country: string | null;
  from: Date | null;
  to: Date | null;
  /** A whole id (search "exactId"). */
  id: string | null;
  /** The LIKE pattern on emails (searches "text", "textUnlessIdStart"). */
  like: string | null;
  low: string | null;
  high: string | null;
  /** The cursor's created_at in microseconds since the epoch, and its id. */
  micros: string | null;
  cursorId: string | null;
  limit: number;
}

const LIST_ARGS: readonly (keyof ListArgs & string)[] = [
  ...EQUALITY_FILTERS,
  "from",
  "to",
  "id",
  "like",
  "low",
  "high",
  "micros",
  "cursorId",
  "limit",
];

/** The shape's filters as one condition (true when there are none). */
function whereOf(eb: Where, shape: ListShape, a: ListArgs) {
  const where: Expression<SqlBool>[] = shape.filters.map((name) =>
    eb(COLUMN_OF[name], "=", a[name] as string),
  );
  if (shape.from) where.push(eb("createdAt", ">=", a.from as Date));
  if (shape.to) where.push(eb("createdAt", "<", a.to as Date));
  switch (shape.search) {
    case "exactId":
      where.push(
        eb.or([
          eb("id", "=", a.id as string),
          eb("paymentId", "=", a.id as string),
          eb("providerOrderId", "=", a.id as string),
        ]),
      );
      break;
    case "idStart":
      where.push(idRanges(eb, a.low, a.high));
      break;
    case "text":
    case "textUnlessIdStart":
      where.push(eb(eb.fn("lower", ["clientEmail"]), "like", a.like as string));
      if (shape.search === "textUnlessIdStart") {
        where.push(
          eb.not(
            eb.exists(
              eb
                .selectFrom("orders")
                .select((inner) => inner.lit(1).as("one"))
                .where((inner) => idRanges(inner, a.low, a.high)),
            ),
          ),
        );
      }
      break;
  }
  if (shape.cursor !== "none") {
    const keyset = eb.tuple(cursorTime(a.micros), a.cursorId as string);
    where.push(eb(eb.refTuple("createdAt", "id"), shape.cursor === "before" ? ">" : "<", keyset));
  }
  return eb.and(where);
}

const listStatement = prepareShaped(
  (s: ListShape) => `${s.filters.join()}|${s.from}|${s.to}|${s.search}|${s.cursor}`,
  LIST_ARGS,
  (k: Kysely<DashboardDatabase>, shape: ListShape, a: ListArgs) => {
    const direction = shape.cursor === "before" ? "asc" : "desc";
    return (
      k
        .selectFrom("orders")
        // With each row's keyset position, for next/previous links.
        .select([...LIST_COLUMNS, cursorOf("createdAt", "id").as("cursor")])
        .where((eb) => whereOf(eb, shape, a))
        .orderBy("createdAt", direction)
        .orderBy("id", direction)
        .limit(a.limit)
    );
  },
);

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
  if (!idRange) return listPage(sql, filters, null, page);
  const byId = await listPage(sql, filters, { search: "idStart", ...idRange }, page);
  if (byId.rows.length > 0) return byId;
  // No row: an email search, unless some id starts so (then the id search's empty page stands).
  return listPage(sql, filters, { search: "textUnlessIdStart", ...idRange }, page);
}

async function listPage(
  sql: Sql,
  filters: OrderListFilters,
  idSearch: { search: "idStart" | "textUnlessIdStart"; low: string; high: string } | null,
  page: OrderListPage & { limit: number },
): Promise<OrderListResult> {
  const limit = Math.max(1, Math.min(ORDER_LIST_MAX_LIMIT, Math.trunc(page.limit)));
  const { backwards, cursor } = pageStart(page);
  const q = filters.q ?? "";
  const search: Search = idSearch?.search ?? (!q ? "none" : isUuid(q) ? "exactId" : "text");
  const shape: ListShape = {
    filters: EQUALITY_FILTERS.filter((name) => filters[name]),
    from: Boolean(filters.from),
    to: Boolean(filters.to),
    search,
    cursor: !cursor ? "none" : backwards ? "before" : "after",
  };
  const rows = await listStatement(sql, shape, {
    direction: filters.direction ?? null,
    method: filters.method ?? null,
    status: filters.status ?? null,
    country: filters.country ?? null,
    from: filters.from ? new Date(`${filters.from}T00:00:00Z`) : null,
    to: filters.to ? dayAfter(filters.to) : null,
    id: search === "exactId" ? q.toLowerCase() : null,
    like: search === "text" || search === "textUnlessIdStart" ? likePattern(q) : null,
    low: idSearch?.low ?? null,
    high: idSearch?.high ?? null,
    micros: cursor?.micros ?? null,
    cursorId: cursor?.id ?? null,
    limit: limit + 1,
  });
  return keysetPage(rows, limit, { backwards, fromCursor: Boolean(cursor) });
}

/** `q` anywhere in a lower-cased email, its LIKE wildcards taken literally. */
const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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

export type OrderStatusRow = Pick<OrderRow, "id" | "status" | "updatedAt">;

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
