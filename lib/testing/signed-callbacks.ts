/** Test support: callback bodies for test orders, signed exactly as the service signs them (lib/signing). */
import { randomUUID } from "node:crypto";
import type { CallbackPayload } from "@/lib/contract";
import { FINAL_STATUSES } from "@/lib/contract/status";
import type { Sql } from "@/lib/database";
import { storeAndApplySignedCallback } from "@/lib/database/dashboard/queries/callback-receiver";
import { sign, signStandardWebhook } from "@/lib/signing";
import type { TestOrder } from "./test-orders";

export function callbackFor(order: TestOrder, overrides: Partial<CallbackPayload> = {}): CallbackPayload {
  return {
    id: order.providerOrderId ?? randomUUID(),
    paymentId: order.paymentId,
    type: order.direction,
    status: "Success",
    amount: 1500,
    paymentMethod: order.paymentMethod,
    country: order.country,
    updatedAt: new Date().toISOString(),
    ...overrides,
  };
}

/** Both signature styles over `body`, a fresh webhook-id unless one is given. */
export function signedHeadersFor(
  body: string,
  account: { clientId: string; secret: string },
  webhookId = `evt_${randomUUID()}`,
): Record<string, string> {
  const timestamp = Math.floor(Date.now() / 1000);
  return {
    "content-type": "application/json",
    "x-client-id": account.clientId,
    "x-signature": sign(account.secret, body),
    "webhook-id": webhookId,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signStandardWebhook(account.secret, webhookId, timestamp, body),
  };
}

/**
 * `status` applied to `order` as the receiver applies a verified callback (its SQL function, no HTTP),
 * on `sql` (a database or an open transaction).
 */
export function applyTestCallback(
  sql: Sql,
  order: Pick<TestOrder, "providerOrderId" | "paymentId" | "direction">,
  status: string,
) {
  const body = JSON.stringify({ status });
  return storeAndApplySignedCallback(sql, {
    id: randomUUID(),
    webhookId: null,
    eventId: `evt_${randomUUID()}`,
    headers: {},
    body: { rawBody: body, bytes: body.length, sha256: "0".repeat(64) },
    providerOrderId: order.providerOrderId ?? "",
    type: order.direction,
    paymentId: order.paymentId,
    status,
    updatedAt: new Date(),
    finalStatuses: FINAL_STATUSES,
  });
}
