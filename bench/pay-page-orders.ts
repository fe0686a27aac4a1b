/**
 * Makes pay-in orders with customer pages, the way the dashboard does (lib/orders submit code → signed
 * client → payment service → orders row with pay_token). For the Lighthouse bench and manual checks of the
 * pay page against a dashboard that runs on PostgreSQL (DATABASE_URL), since an embedded PGlite cannot be
 * shared with a second process.
 *
 *   DATABASE_URL=postgres://… PAYMENT_API_BASE_URL=http://127.0.0.1:4104 \
 *     npx tsx --conditions=react-server bench/pay-page-orders.ts QRNSPK Card PIX
 */
import { type PayinMethod, PAYIN_METHODS } from "@/lib/contract";
import { samplePayinRequest } from "@/lib/contract/samples";
import { type Database, openDatabase } from "@/lib/database";
import { openDashboardDatabase } from "@/lib/database/dashboard/client";
import { getOrderById } from "@/lib/database/dashboard/queries/orders";
import { submitPayin } from "@/lib/orders/submit";
import { createPaymentApiClient, paymentApiInFlightMs } from "@/lib/payment-api";

const TIMEOUT_MS = 10_000;

export interface PayPageOrderOptions {
  db: Database;
  paymentApiBaseUrl: string;
  clientId?: string;
  secret?: string;
  publicBaseUrl?: string;
}

/** Creates one pay-in of `method` and returns its customer page path (/pay/<token>). */
export async function createPayPageOrder(
  opts: PayPageOrderOptions,
  method: PayinMethod,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const api = createPaymentApiClient({
    baseUrl: opts.paymentApiBaseUrl,
    clientId: opts.clientId ?? "sandbox-merchant",
    secret: opts.secret ?? "sandbox-secret",
    timeoutMs: TIMEOUT_MS,
  });
  const { postbackUrl: _ignored, ...submission } = samplePayinRequest(method, overrides);
  const result = await submitPayin(
    {
      sql: opts.db,
      api,
      publicBaseUrl: opts.publicBaseUrl ?? "http://127.0.0.1:3000",
      userId: null,
      inFlightMs: paymentApiInFlightMs(TIMEOUT_MS),
    },
    submission,
  );
  if (!result.ok) throw new Error(`could not create a ${method} order: ${result.message ?? "refused"}`);
  const order = await getOrderById(opts.db, result.orderId);
  if (!order?.payToken) throw new Error(`${method} order ${result.orderId} has no pay token`);
  return `/pay/${order.payToken}`;
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  const base = process.env.PAYMENT_API_BASE_URL;
  if (!url || !base) throw new Error("DATABASE_URL and PAYMENT_API_BASE_URL are required");
  const methods = process.argv
    .slice(2)
    .filter((m): m is PayinMethod => (PAYIN_METHODS as readonly string[]).includes(m));
  const db = await openDashboardDatabase(await openDatabase({ url }));
  try {
    for (const method of methods.length > 0 ? methods : PAYIN_METHODS) {
      console.log(
        `${method}\t${await createPayPageOrder({ db, paymentApiBaseUrl: base, publicBaseUrl: process.env.PUBLIC_BASE_URL }, method)}`,
      );
    }
  } finally {
    await db.close();
  }
}

if (process.argv[1]?.endsWith("pay-page-orders.ts")) await main();
