/** Queries on sandbox orders. One function per query, the db handle first, scoped by merchant account. */
import type { Direction, ResolvedChaos } from "@/lib/contract";
import { type Insertable, type Kysely, sql as raw } from "kysely";
import type { Sql } from "@/lib/database";
import { prepare, typed } from "@/lib/database/kysely";
import { type ColumnArrays, columnArrays, everyColumn, unnestRows } from "@/lib/database/unnest";
import { accountTime } from "./clocks";
import type { NewSandboxOrderRow, SandboxDatabase, SandboxOrderRow, SandboxOrdersColumns } from "./schema";

/** Every column of a new order, as Kysely inserts it (jsonb as JSON text). */
type OrderInsert = Required<Insertable<SandboxOrdersColumns>>;

const db = (sql: Sql) => typed<SandboxDatabase>(sql);

const ORDER_COLUMNS = everyColumn<OrderInsert>()([
  "id",
  "clientId",
  "direction",
  "paymentId",
  "requestHash",
  "paymentMethod",
  "country",
  "currency",
  "amount",
  "finalAmount",
  "status",
  "request",
  "bankDetails",
  "postbackUrl",
  "expiresAt",
  "createdAt",
  "updatedAt",
  "chaos",
]);

// The create path's statements are prepared (compiled once): see prepare().
const insertIfNew = prepare(ORDER_COLUMNS, (k: Kysely<SandboxDatabase>, o: OrderInsert) =>
  k
    .insertInto("sandboxOrders")
    .values(o)
    .onConflict((oc) => oc.columns(["clientId", "direction", "paymentId"]).doNothing())
    .returning("id"),
);

/** The order as a row to insert: jsonb as JSON text. */
function orderRow(o: NewSandboxOrderRow): OrderInsert {
  return {
    ...o,
    request: JSON.stringify(o.request),
    bankDetails: o.bankDetails === null ? null : JSON.stringify(o.bankDetails),
    updatedAt: o.createdAt,
    chaos: o.chaos ? JSON.stringify(o.chaos) : null,
  };
}

/** Inserts the order unless its (account, direction, paymentId) exists; true when it was inserted. */
export async function insertOrderIfNew(sql: Sql, o: NewSandboxOrderRow): Promise<boolean> {
  const created = await insertIfNew(sql, orderRow(o));
  return created.length > 0;
}

/** Each column's SQL type, for the arrays insertOrdersIfNew sends. */
const COLUMN_TYPES: Record<(typeof ORDER_COLUMNS)[number], string> = {
  id: "uuid",
  clientId: "text",
  direction: "text",
  paymentId: "uuid",
  requestHash: "text",
  paymentMethod: "text",
  country: "text",
  currency: "text",
  amount: "numeric",
  finalAmount: "numeric",
  status: "text",
  request: "jsonb",
  bankDetails: "jsonb",
  postbackUrl: "text",
  expiresAt: "timestamptz",
  createdAt: "timestamptz",
  updatedAt: "timestamptz",
  chaos: "jsonb",
};

// One array a column, unnested into rows: one statement text whatever the number of orders, so it is
// compiled once here and parsed and planned once by the server (a VALUES list of 64 rows has 1,152 params).
const insertManyIfNew = prepare(
  ORDER_COLUMNS,
  (k: Kysely<SandboxDatabase>, a: ColumnArrays<(typeof ORDER_COLUMNS)[number]>) =>
    k
      .insertInto("sandboxOrders")
      .columns([...ORDER_COLUMNS])
      .expression(k.selectFrom(unnestRows(ORDER_COLUMNS, COLUMN_TYPES, a)).selectAll())
      .onConflict((oc) => oc.columns(["clientId", "direction", "paymentId"]).doNothing())
      .returning("id"),
);

/**
 * insertOrderIfNew for several orders in one statement (group commit, lib/sandbox/order-writer.ts): the ids
 * of those inserted. Of two with one (account, direction, paymentId), only the first is.
 */
export async function insertOrdersIfNew(sql: Sql, orders: NewSandboxOrderRow[]): Promise<Set<string>> {
  const created = await insertManyIfNew(sql, columnArrays(ORDER_COLUMNS, orders.map(orderRow)));
  return new Set(created.map((row) => row.id));
}

const byPaymentId = prepare(
  ["clientId", "direction", "paymentId"],
  (k: Kysely<SandboxDatabase>, a: { clientId: string; direction: Direction; paymentId: string }) =>
    k
      .selectFrom("sandboxOrders")
      .selectAll()
      .where("clientId", "=", a.clientId)
      .where("direction", "=", a.direction)
      .where("paymentId", "=", a.paymentId),
);

export async function findOrderByPaymentId(
  sql: Sql,
  clientId: string,
  direction: Direction,
  paymentId: string,
): Promise<SandboxOrderRow | undefined> {
  return (await byPaymentId(sql, { clientId, direction, paymentId }))[0];
}

export async function findOrder(
  sql: Sql,
  clientId: string,
  id: string,
): Promise<SandboxOrderRow | undefined> {
  return db(sql)
    .selectFrom("sandboxOrders")
    .selectAll()
    .where("clientId", "=", clientId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** Moves an "In progress" order to a final status; undefined when it is final already (never changes). */
export async function finishOrder(
  sql: Sql,
  id: string,
  status: string,
  at: Date,
): Promise<SandboxOrderRow | undefined> {
  return (
    db(sql)
      .updateTable("sandboxOrders")
      // `at` is real time; the order's updatedAt is on its account's clock (clocks.ts).
      .set({ status, updatedAt: accountTime(at, "sandboxOrders.clientId") })
      .where("id", "=", id)
      .where("status", "=", "In progress")
      .returningAll()
      .executeTakeFirst()
  );
}

/** Ids of pay-ins whose details expired unpaid, each by its account's clock (`now` is real time). */
export async function findExpiredPayins(sql: Sql, now: Date, limit: number): Promise<string[]> {
  const rows = await db(sql)
    .selectFrom("sandboxOrders")
    .select("id")
    .where("direction", "=", "payin")
    .where("status", "=", "In progress")
    // The furthest-ahead clock bounds the index range; each row is then held to its own account's clock.
    .where(
      "expiresAt",
      "<=",
      raw<Date>`${now}::timestamptz + coalesce((SELECT max(offset_ms) FROM sandbox_clocks), 0) * interval '1 millisecond'`,
    )
    .where("expiresAt", "<=", accountTime(now, "sandboxOrders.clientId"))
    .orderBy("expiresAt")
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

export async function listRecentOrders(
  sql: Sql,
  clientId: string,
  limit: number,
): Promise<SandboxOrderRow[]> {
  return db(sql)
    .selectFrom("sandboxOrders")
    .selectAll()
    .where("clientId", "=", clientId)
    .orderBy("createdAt", "desc")
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** Sets an order's callback chaos while it is In progress (its status callback not queued yet). */
export async function setOrderChaos(
  sql: Sql,
  clientId: string,
  id: string,
  chaos: ResolvedChaos | null,
): Promise<SandboxOrderRow | undefined> {
  return db(sql)
    .updateTable("sandboxOrders")
    .set({ chaos: chaos ? JSON.stringify(chaos) : null })
    .where("clientId", "=", clientId)
    .where("id", "=", id)
    .where("status", "=", "In progress")
    .returningAll()
    .executeTakeFirst();
}
