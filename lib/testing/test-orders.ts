/**
 * Test support: order rows written directly, so these tests do not depend on the forms' queries (a pay-in
 * with a live pay page among them); what the create forms send; a pay page's posts to its public routes.
 */
import { randomUUID } from "node:crypto";
import { sql as raw } from "kysely";
import { SOCKET_ADDRESS_HEADER } from "@/lib/auth/client-address";
import type { PayinMethod, PayoutMethod } from "@/lib/contract";
import { samplePayinRequest, samplePayoutRequest } from "@/lib/contract/samples";
import type { Database, Sql } from "@/lib/database";
import type { PaymentApi } from "@/lib/payment-api/types";
import { openDashboardDatabase } from "@/lib/database/dashboard/client";
import { typed } from "@/lib/database/kysely";
import { createScratchDatabase, type ScratchDatabase } from "@/lib/testing/database";
import type { DashboardDatabase, OrderRow } from "@/lib/database/dashboard/schema";

export type TestOrder = Pick<
  OrderRow,
  | "id"
  | "direction"
  | "paymentId"
  | "providerOrderId"
  | "paymentMethod"
  | "amount"
  | "finalAmount"
  | "country"
  | "status"
  | "clientEmail"
  | "payToken"
> & {
  currency: string;
  /** A string keeps microseconds ("2026-01-01T00:00:00.123456Z"), which a Date cannot. */
  createdAt: Date | string;
  request: Record<string, unknown>;
};

export async function insertTestOrder(sql: Sql, overrides: Partial<TestOrder> = {}): Promise<TestOrder> {
  const o: TestOrder = {
    id: randomUUID(),
    direction: "payin",
    paymentId: randomUUID(),
    providerOrderId: randomUUID(),
    paymentMethod: "Card",
    amount: "1500.00",
    finalAmount: null,
    currency: "RUB",
    country: "RU",
    status: "In progress",
    clientEmail: "client@example.com",
    createdAt: new Date(),
    payToken: null,
    request: {},
    ...overrides,
  };
  const { createdAt, request, ...columns } = o;
  // Through timestamptz in SQL, so a string's microseconds are kept.
  const at = raw<Date>`${createdAt}::timestamptz`;
  await typed<DashboardDatabase>(sql)
    .insertInto("orders")
    .values({ ...columns, request: JSON.stringify(request), createdAt: at, updatedAt: at })
    .execute();
  return o;
}

/**
 * An order created at the sandbox through `api`, with its row in the dashboard's database as the forms
 * would leave it (paymentId, the service's id and status), so the sandbox's callbacks for it apply.
 */
export async function insertSandboxOrder(
  sql: Sql,
  api: Pick<PaymentApi, "createPayin" | "createPayout">,
  order: { postbackUrl: string } & (
    | { direction: "payin"; method: PayinMethod }
    | { direction: "payout"; method: PayoutMethod }
  ),
): Promise<TestOrder> {
  const { postbackUrl } = order;
  let paymentId: string;
  let created: { id: string; status: string };
  if (order.direction === "payin") {
    const request = samplePayinRequest(order.method, { postbackUrl });
    paymentId = request.paymentId;
    created = await api.createPayin(request);
  } else {
    const request = samplePayoutRequest(order.method, { postbackUrl });
    paymentId = request.paymentId;
    created = await api.createPayout(request);
  }
  return insertTestOrder(sql, {
    direction: order.direction,
    paymentId,
    providerOrderId: created.id,
    paymentMethod: order.method,
    status: created.status,
  });
}

/** A scratch dashboard database (PGlite in memory or a PostgreSQL scratch database, by TEST_DB), migrated. */
export async function openTestDashboardDb(): Promise<{
  db: Database;
  scratch: ScratchDatabase;
  /** Closes the handle and drops the scratch database. */
  dispose(): Promise<void>;
}> {
  const scratch = await createScratchDatabase("orders", "dashboard");
  const db = await openDashboardDatabase(await scratch.open());
  const dispose = async () => {
    await db.close();
    await scratch.drop();
  };
  return { db, scratch, dispose };
}

/** What the create pay-in form sends for an SBP pay-in of 1500 RUB, `overrides` laid over it. */
export function payinFormValues(overrides: Record<string, unknown> = {}) {
  return {
    paymentId: randomUUID(),
    paymentMethod: "SBP",
    client: { id: randomUUID(), ip: "203.0.113.10", email: "client@example.com", phone: "" },
    amount: "1500",
    country: "RU",
    trafficType: "ALL",
    bankId: "",
    addRandomCents: false,
    ...overrides,
  };
}

/** What the create pay-out form sends for a bank-account pay-out of 1500 RUB. */
export function payoutFormValues() {
  return {
    paymentId: randomUUID(),
    paymentMethod: "BankAccount",
    client: { id: randomUUID(), ip: "203.0.113.10", email: "client@example.com" },
    amount: "1500",
    country: "RU",
    trafficType: "ALL",
    payoutDetails: { bankAccountNo: "40817810099910004312" },
  };
}

/** A pay-in whose pay page is live: its token, the bank details the page shows, ten minutes left. */
export async function insertPayinWithPage(
  db: Database,
  payin: { paymentMethod: string; status?: string; bankDetails: Record<string, unknown> },
): Promise<{ token: string; order: TestOrder }> {
  const token = randomUUID().replaceAll("-", "") + randomUUID().slice(0, 8);
  const order = await insertTestOrder(db, {
    paymentMethod: payin.paymentMethod,
    ...(payin.status ? { status: payin.status } : {}),
    payToken: token,
  });
  await db.query(
    "UPDATE orders SET bank_details = $1, expires_at = now() + interval '10 minutes' WHERE id = $2",
    [JSON.stringify(payin.bankDetails), order.id],
  );
  return { token, order };
}

type PayRouteHandler = (
  request: Request,
  context: { params: Promise<{ token: string }> },
) => Promise<Response>;
export type PayRoutePost = { address?: string; type?: string; raw?: string };

/**
 * A pay page's POST to its public route `/api/pay/{token}/{route}`, handled by `handler`: `body` as JSON
 * (or `raw` as it is), from `address` or a random documentation address (so the route's rate limit by
 * address is not met unless a test means to).
 */
export function postToPayRoute(
  handler: PayRouteHandler,
  route: string,
  token: string,
  body: unknown,
  opts: PayRoutePost = {},
): Promise<Response> {
  const request = new Request(`http://localhost/api/pay/${token}/${route}`, {
    method: "POST",
    headers: {
      "content-type": opts.type ?? "application/json",
      [SOCKET_ADDRESS_HEADER]: opts.address ?? `198.51.100.${Math.floor(Math.random() * 250)}`,
    },
    body: opts.raw ?? JSON.stringify(body),
  });
  return handler(request, { params: Promise.resolve({ token }) });
}
