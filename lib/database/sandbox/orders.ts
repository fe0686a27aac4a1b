/** Queries on sandbox orders. One function per query, the db handle first, scoped by merchant account. */
import type { BankDetails, Direction } from "@/lib/contract";
import type { Kysely } from "kysely";
import type { Sql } from "@/lib/database";
import { prepare, typed } from "@/lib/database/kysely";
import type { NewSandboxOrder, SandboxDatabase, SandboxOrder } from "./schema";

export type OrderRow = SandboxOrder;

/** What creating an order stores; jsonb values as objects (written as JSON text here). */
export interface SandboxOrderInput {
  id: string;
  clientId: string;
  direction: Direction;
  paymentId: string;
  requestHash: string;
  paymentMethod: string;
  country: string;
  currency: string | undefined;
  amount: string;
  finalAmount: string;
  status: string;
  request: Record<string, unknown>;
  bankDetails: BankDetails | undefined;
  postbackUrl: string | undefined;
  expiresAt: Date | undefined;
  createdAt: Date;
}

const db = (sql: Sql) => typed<SandboxDatabase>(sql);

const ORDER_COLUMNS = [
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
] as const satisfies readonly (keyof NewSandboxOrder)[];
// A column added to the schema but not listed above fails to compile here.
const everyColumnListed: [Exclude<keyof NewSandboxOrder, (typeof ORDER_COLUMNS)[number]>] extends [never]
  ? true
  : false = true;
void everyColumnListed;

// The create path's statements are prepared (compiled once): see prepare().
const insertIfNew = prepare(ORDER_COLUMNS, (k: Kysely<SandboxDatabase>, o: Required<NewSandboxOrder>) =>
  k
    .insertInto("sandboxOrders")
    .values(o)
    .onConflict((oc) => oc.columns(["clientId", "direction", "paymentId"]).doNothing())
    .returning("id"),
);

/** Inserts unless (client, direction, paymentId) exists; true when this call created the order. */
export async function insertOrderIfNew(sql: Sql, o: SandboxOrderInput): Promise<boolean> {
  const created = await insertIfNew(sql, {
    ...o,
    currency: o.currency ?? null,
    request: JSON.stringify(o.request),
    bankDetails: o.bankDetails === undefined ? null : JSON.stringify(o.bankDetails),
    postbackUrl: o.postbackUrl ?? null,
    expiresAt: o.expiresAt ?? null,
    updatedAt: o.createdAt,
  });
  return created.length > 0;
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
): Promise<OrderRow | undefined> {
  return (await byPaymentId(sql, { clientId, direction, paymentId }))[0];
}

export async function findOrder(sql: Sql, clientId: string, id: string): Promise<OrderRow | undefined> {
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
): Promise<OrderRow | undefined> {
  return db(sql)
    .updateTable("sandboxOrders")
    .set({ status, updatedAt: at })
    .where("id", "=", id)
    .where("status", "=", "In progress")
    .returningAll()
    .executeTakeFirst();
}

/** Ids of pay-ins whose details expired unpaid. */
export async function findExpiredPayins(sql: Sql, now: Date, limit: number): Promise<string[]> {
  const rows = await db(sql)
    .selectFrom("sandboxOrders")
    .select("id")
    .where("direction", "=", "payin")
    .where("status", "=", "In progress")
    .where("expiresAt", "<=", now)
    .orderBy("expiresAt")
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

export async function listRecentOrders(sql: Sql, clientId: string, limit: number): Promise<OrderRow[]> {
  return db(sql)
    .selectFrom("sandboxOrders")
    .selectAll()
    .where("clientId", "=", clientId)
    .orderBy("createdAt", "desc")
    .orderBy("id")
    .limit(limit)
    .execute();
}
