/**
 * "I have paid" cases (table payment_cases, migration 0021), one function per query. The pay page reads
 * only a case's state and times (never the reference or note back out); staff read everything.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import type { Sql } from "@/lib/database";
import { typed } from "@/lib/database/kysely";
import type { DashboardDatabase, PaymentCaseRow, PaymentCaseState } from "@/lib/database/dashboard/schema";

const db = (sql: Sql) => typed<DashboardDatabase>(sql);

/** What the customer's page shows of the order's latest case. */
export interface PublicCaseView {
  state: PaymentCaseState;
  submittedAt: Date;
  closedAt: Date | null;
}

export async function getLatestCaseOfOrder(sql: Sql, orderId: string): Promise<PaymentCaseRow | null> {
  const row = await db(sql)
    .selectFrom("paymentCases")
    .selectAll()
    .where("orderId", "=", orderId)
    .orderBy("submittedAt", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row ?? null;
}

/** The latest case of the order behind a pay page (its live poll): state and times only. */
export async function getLatestCaseByPayToken(sql: Sql, token: string): Promise<PublicCaseView | null> {
  const row = await db(sql)
    .selectFrom("paymentCases as c")
    .innerJoin("orders as o", "o.id", "c.orderId")
    .select(["c.state", "c.submittedAt", "c.closedAt"])
    .where("o.payToken", "=", token)
    .orderBy("c.submittedAt", "desc")
    .orderBy("c.id", "desc")
    .executeTakeFirst();
  return row ?? null;
}

export async function countCasesOfOrder(sql: Sql, orderId: string): Promise<number> {
  const row = await db(sql)
    .selectFrom("paymentCases")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("orderId", "=", orderId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Opens a case, unless the order has an open one already (the partial unique index decides, so two
 * parallel submissions make one case): the new row, or null.
 */
export async function insertOpenCase(
  sql: Sql,
  input: { orderId: string; reference: string; note: string | null },
): Promise<PaymentCaseRow | null> {
  const row = await db(sql)
    .insertInto("paymentCases")
    .values({ id: randomUUID(), orderId: input.orderId, reference: input.reference, note: input.note })
    .onConflict((oc) => oc.column("orderId").where("state", "=", "open").doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/** Closes an open case; null when it was not open (closed by someone else meanwhile, or unknown). */
export async function closeOpenCase(
  sql: Sql,
  input: { id: string; state: Exclude<PaymentCaseState, "open">; closedBy: string; staffNote: string | null },
): Promise<PaymentCaseRow | null> {
  const row = await db(sql)
    .updateTable("paymentCases")
    .set({ state: input.state, closedBy: input.closedBy, closedAt: new Date(), staffNote: input.staffNote })
    .where("id", "=", input.id)
    .where("state", "=", "open")
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

export interface CaseListRow extends PaymentCaseRow {
  paymentId: string;
  paymentMethod: string;
  amount: string;
  currency: string | null;
  orderStatus: string;
  closedByEmail: string | null;
}

function withOrder(sql: Sql) {
  return db(sql)
    .selectFrom("paymentCases as c")
    .innerJoin("orders as o", "o.id", "c.orderId")
    .leftJoin("users as u", "u.id", "c.closedBy")
    .selectAll("c")
    .select([
      "o.paymentId",
      "o.paymentMethod",
      "o.amount",
      "o.currency",
      "o.status as orderStatus",
      "u.email as closedByEmail",
    ]);
}

export const CASE_LIST_LIMIT = 200;

/** The cases list, newest first: open ones, closed ones, or all. */
export async function listCases(
  sql: Sql,
  filter: { state?: "open" | "closed"; limit?: number } = {},
): Promise<CaseListRow[]> {
  return withOrder(sql)
    .$if(filter.state === "open", (q) => q.where("c.state", "=", "open"))
    .$if(filter.state === "closed", (q) => q.where("c.state", "<>", "open"))
    .orderBy("c.submittedAt", "desc")
    .orderBy("c.id", "desc")
    .limit(Math.min(filter.limit ?? CASE_LIST_LIMIT, CASE_LIST_LIMIT))
    .execute();
}

/** Every case of one order, newest first (the order page's card). */
export async function listCasesOfOrder(sql: Sql, orderId: string): Promise<CaseListRow[]> {
  return withOrder(sql)
    .where("c.orderId", "=", orderId)
    .orderBy("c.submittedAt", "desc")
    .orderBy("c.id", "desc")
    .limit(20)
    .execute();
}

/** Open cases: the nav's badge, the overview's figure (the seam the alerts work, issue 18 §2, reads). */
export async function countOpenCases(sql: Sql): Promise<number> {
  const row = await db(sql)
    .selectFrom("paymentCases")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("state", "=", "open")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
