import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "@/lib/database";
import {
  getCallbackDelivery,
  listCallbackDeliveriesForOrder,
} from "@/lib/database/dashboard/queries/callback-deliveries";
import { sign, signStandardWebhook } from "@/lib/signing";
import { callbackResponse, receiveCallback } from "./index";
import { callbackFor } from "@/lib/testing/signed-callbacks";
import { insertTestOrder, type TestOrder } from "@/lib/testing/test-orders";
import { openTestDashboardDb } from "@/lib/testing/test-orders";

const SECRET = "receiver-test-secret";
const CLIENT_ID = "merchant-1";

let db: Database;
let dispose: () => Promise<void> = async () => {};

beforeAll(async () => {
  ({ db, dispose } = await openTestDashboardDb());
});
afterAll(() => dispose());

interface DeliveryOptions {
  webhookId?: string | null;
  timestamp?: number;
  secret?: string;
  xSignature?: boolean;
  standard?: boolean;
  clientId?: string;
}

/** Headers signed exactly as the service signs them (lib/signing), over `body`. */
function signedHeaders(body: string, o: DeliveryOptions = {}): Record<string, string> {
  const secret = o.secret ?? SECRET;
  const webhookId = o.webhookId === undefined ? `evt_${randomUUID()}` : o.webhookId;
  const timestamp = o.timestamp ?? Math.floor(Date.now() / 1000);
  const h: Record<string, string> = {
    "content-type": "application/json",
    "x-client-id": o.clientId ?? CLIENT_ID,
  };
  if (o.xSignature !== false) h["x-signature"] = sign(secret, body);
  if (o.standard !== false && webhookId !== null) {
    h["webhook-id"] = webhookId;
    h["webhook-timestamp"] = String(timestamp);
    h["webhook-signature"] = signStandardWebhook(secret, webhookId, timestamp, body);
  }
  return h;
}

function deliver(body: string, headers: Record<string, string>) {
  return receiveCallback(db, { headers, rawBody: body, secret: SECRET, clientId: CLIENT_ID });
}

async function orderStatus(id: string): Promise<string> {
  const rows = await db.query<{ status: string }>("SELECT status FROM orders WHERE id = $1", [id]);
  return rows[0]?.status ?? "(missing)";
}

describe("receiveCallback", () => {
  let order: TestOrder;
  beforeEach(async () => {
    order = await insertTestOrder(db);
  });

  it("stores the raw delivery, verifies both signature styles and applies a final status", async () => {
    const body = JSON.stringify(callbackFor(order));
    const result = await deliver(body, signedHeaders(body, { webhookId: "evt_applied_1" }));
    expect(result).toMatchObject({ httpStatus: 200, outcome: "applied", orderId: order.id });
    expect(await orderStatus(order.id)).toBe("Success");
    const row = await getCallbackDelivery(db, result.deliveryId ?? "");
    expect(row).toMatchObject({
      rawBody: body,
      verified: true,
      outcome: "applied",
      webhookId: "evt_applied_1",
    });
    expect(row?.headers["x-signature"]).toBe(sign(SECRET, body));
    const res = callbackResponse(result);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
  });

  it("accepts X-Signature alone and Standard Webhooks alone", async () => {
    const body = JSON.stringify(callbackFor(order, { status: "Failed" }));
    expect((await deliver(body, signedHeaders(body, { standard: false }))).outcome).toBe("applied");
    const other = await insertTestOrder(db);
    const body2 = JSON.stringify(callbackFor(other, { status: "Expired" }));
    expect((await deliver(body2, signedHeaders(body2, { xSignature: false }))).outcome).toBe("applied");
    expect(await orderStatus(other.id)).toBe("Expired");
  });

  it.each([
    [
      "a wrong secret",
      (b: string) => signedHeaders(b, { secret: "not-the-secret" }),
      "X-Signature does not match the body",
    ],
    [
      "a tampered Standard Webhooks signature",
      (b: string) => ({
        ...signedHeaders(b),
        "webhook-signature": `v1,${Buffer.from("x".repeat(32)).toString("base64")}`,
      }),
      "webhook-signature does not match",
    ],
    [
      "no signature at all",
      (_b: string) => ({ "content-type": "application/json", "x-client-id": CLIENT_ID }),
      "No X-Signature or webhook-signature header",
    ],
    [
      "another client id",
      (b: string) => signedHeaders(b, { clientId: "someone-else" }),
      "Unknown X-Client-Id",
    ],
  ])("refuses %s with 401, records it and changes nothing", async (_name, headersFor, error) => {
    const body = JSON.stringify(callbackFor(order));
    const result = await deliver(body, headersFor(body));
    expect(result.httpStatus).toBe(401);
    expect(result.outcome).toBe("rejected");
    expect(await orderStatus(order.id)).toBe("In progress");
    const row = await getCallbackDelivery(db, result.deliveryId ?? "");
    expect(row).toMatchObject({
      verified: false,
      outcome: "rejected",
      verificationError: error,
      rawBody: body,
    });
    const res = callbackResponse(result);
    expect(res.status).toBe(401);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
  });

  it("refuses a body changed after signing", async () => {
    const body = JSON.stringify(callbackFor(order));
    const headers = signedHeaders(body);
    const result = await deliver(body.replace("Success", "Failed"), headers);
    expect(result.httpStatus).toBe(401);
    expect(await orderStatus(order.id)).toBe("In progress");
  });

  it("refuses a webhook-timestamp more than 5 minutes off, either way, even when correctly signed", async () => {
    const body = JSON.stringify(callbackFor(order));
    const now = Math.floor(Date.now() / 1000);
    for (const timestamp of [now - 301 - 5, now + 301 + 5]) {
      const result = await deliver(body, signedHeaders(body, { timestamp }));
      expect(result.httpStatus).toBe(401);
      const row = await getCallbackDelivery(db, result.deliveryId ?? "");
      expect(row?.verificationError).toBe("webhook-timestamp is more than 5 minutes off");
    }
    expect(await orderStatus(order.id)).toBe("In progress");
    const fresh = await deliver(body, signedHeaders(body, { timestamp: now - 240 }));
    expect(fresh.outcome).toBe("applied");
  });

  it("answers 400 to a signed body that is not JSON or not a callback, and records it as invalid", async () => {
    const notJson = "status=Success";
    const r1 = await deliver(notJson, signedHeaders(notJson));
    expect(r1).toMatchObject({ httpStatus: 400, outcome: "invalid" });
    const bad = JSON.stringify({ ...callbackFor(order), type: "refund", updatedAt: "yesterday" });
    const r2 = await deliver(bad, signedHeaders(bad));
    expect(r2.httpStatus).toBe(400);
    expect(r2.errors?.map((e) => e.path).sort()).toEqual(["type", "updatedAt"]);
    expect(await getCallbackDelivery(db, r2.deliveryId ?? "")).toMatchObject({
      verified: true,
      outcome: "invalid",
    });
    const res = callbackResponse(r2);
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toHaveLength(2);
    expect(await orderStatus(order.id)).toBe("In progress");
  });

  it("de-duplicates a re-delivered event on webhook-id", async () => {
    const body = JSON.stringify(callbackFor(order));
    const headers = signedHeaders(body, { webhookId: `evt_dup_${order.id}` });
    const first = await deliver(body, headers);
    const second = await deliver(body, headers);
    expect(first.outcome).toBe("applied");
    expect(second).toMatchObject({ httpStatus: 200, outcome: "duplicate", orderId: order.id });
    const timeline = await listCallbackDeliveriesForOrder(db, order.id);
    expect(timeline.map((d) => d.outcome)).toEqual(["applied", "duplicate"]);
    expect(timeline.every((d) => d.verified && d.webhookId === `evt_dup_${order.id}`)).toBe(true);
  });

  it("treats an older 'In progress' after a final status as stale", async () => {
    const later = new Date();
    const earlier = new Date(later.getTime() - 60_000);
    const success = JSON.stringify(callbackFor(order, { status: "Success", updatedAt: later.toISOString() }));
    const inProgress = JSON.stringify(
      callbackFor(order, { status: "In progress", updatedAt: earlier.toISOString() }),
    );
    expect((await deliver(success, signedHeaders(success))).outcome).toBe("applied");
    const result = await deliver(inProgress, signedHeaders(inProgress));
    expect(result).toMatchObject({ httpStatus: 200, outcome: "stale" });
    expect(await orderStatus(order.id)).toBe("Success");
  });

  it("never changes a final status (final is final), even for a newer event", async () => {
    const failed = JSON.stringify(callbackFor(order, { status: "Failed" }));
    expect((await deliver(failed, signedHeaders(failed))).outcome).toBe("applied");
    const success = JSON.stringify(
      callbackFor(order, { status: "Success", updatedAt: new Date(Date.now() + 60_000).toISOString() }),
    );
    expect((await deliver(success, signedHeaders(success))).outcome).toBe("stale");
    expect(await orderStatus(order.id)).toBe("Failed");
  });

  it("orders non-final statuses by the service's updatedAt", async () => {
    const t = Date.now();
    const newer = JSON.stringify(
      callbackFor(order, { status: "Pending review", updatedAt: new Date(t).toISOString() }),
    );
    const older = JSON.stringify(
      callbackFor(order, { status: "In progress", updatedAt: new Date(t - 5_000).toISOString() }),
    );
    expect((await deliver(newer, signedHeaders(newer))).outcome).toBe("applied");
    expect((await deliver(older, signedHeaders(older))).outcome).toBe("stale");
    expect(await orderStatus(order.id)).toBe("Pending review");
  });

  it("records an unknown order and answers 200 with the same body as any other delivery", async () => {
    const ghost = JSON.stringify(callbackFor(order, { id: randomUUID() }));
    const result = await deliver(ghost, signedHeaders(ghost));
    expect(result).toMatchObject({ httpStatus: 200, outcome: "unknown-order", orderId: null });
    expect(await callbackResponse(result).json()).toEqual({ received: true });
    const row = await getCallbackDelivery(db, result.deliveryId ?? "");
    expect(row).toMatchObject({ verified: true, outcome: "unknown-order", orderId: null, rawBody: ghost });
    expect(await orderStatus(order.id)).toBe("In progress");
  });

  it.each([
    ["paymentId", { paymentId: randomUUID() }],
    ["type", { type: "payout" as const }],
  ])("treats a provider id whose %s disagrees with ours as an unknown order", async (_field, override) => {
    const body = JSON.stringify(callbackFor(order, override));
    expect((await deliver(body, signedHeaders(body))).outcome).toBe("unknown-order");
    expect(await orderStatus(order.id)).toBe("In progress");
  });

  it("adopts the service's id for an order whose create answer never arrived, and applies the status", async () => {
    const lost = await insertTestOrder(db, { providerOrderId: null, status: "Submit failed" });
    const serviceId = randomUUID();
    const body = JSON.stringify(callbackFor(lost, { id: serviceId, status: "Expired" }));
    const result = await deliver(body, signedHeaders(body));
    expect(result).toMatchObject({ httpStatus: 200, outcome: "applied", orderId: lost.id });
    const rows = await db.query<{ status: string; provider: string }>(
      "SELECT status, provider_order_id AS provider FROM orders WHERE id = $1",
      [lost.id],
    );
    expect(rows[0]).toEqual({ status: "Expired", provider: serviceId });
    // ...but never for a different type, and never over an id it already knows.
    const other = await insertTestOrder(db, { providerOrderId: null, direction: "payout" });
    const wrongType = JSON.stringify(callbackFor(other, { id: randomUUID(), type: "payin" }));
    expect((await deliver(wrongType, signedHeaders(wrongType))).outcome).toBe("unknown-order");
    expect(await orderStatus(other.id)).toBe("In progress");
  });

  it("applies concurrent duplicate deliveries of one event exactly once", async () => {
    const body = JSON.stringify(callbackFor(order));
    const headers = signedHeaders(body, { webhookId: `evt_race_${order.id}` });
    const results = await Promise.all(Array.from({ length: 20 }, () => deliver(body, headers)));
    expect(results.every((r) => r.httpStatus === 200)).toBe(true);
    expect(results.filter((r) => r.outcome === "applied")).toHaveLength(1);
    expect(results.filter((r) => r.outcome === "duplicate")).toHaveLength(19);
    const rows = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM callback_deliveries WHERE webhook_id = $1 AND outcome = 'applied'",
      [`evt_race_${order.id}`],
    );
    expect(rows[0]?.n).toBe(1);
    expect(await orderStatus(order.id)).toBe("Success");
  });

  it("applies concurrent different events for one order one after the other: the first final status wins", async () => {
    const bodies = ["Success", "Failed", "Success", "Failed"].map((status) =>
      JSON.stringify(callbackFor(order, { status })),
    );
    const results = await Promise.all(bodies.map((b) => deliver(b, signedHeaders(b))));
    expect(results.filter((r) => r.outcome === "applied")).toHaveLength(1);
    const winner = JSON.parse(bodies[results.findIndex((r) => r.outcome === "applied")] ?? "{}").status;
    expect(await orderStatus(order.id)).toBe(winner);
  });
});
