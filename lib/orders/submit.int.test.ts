/**
 * Creating and retrying orders against the REAL sandbox over HTTP, with the dashboard's database on the
 * backend TEST_DB chooses (pglite by default, postgres). A fault proxy in front of the sandbox delays chosen
 * requests past the client's timeout, while the sandbox behind it still acts on them.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PAYIN_METHODS, PAYOUT_METHODS, type PayinRequest, type PayoutRequest } from "@/lib/contract";
import { samplePayinRequest, samplePayoutRequest } from "@/lib/contract/samples";
import type { Database } from "@/lib/database";
import { getOrderById, getOrderByPaymentId } from "@/lib/database/dashboard/queries/orders";
import { worstCaseCallMs } from "@/lib/payment-api/retry";
import type { FaultProxy } from "@/lib/testing/fault-proxy";
import { type ProxiedSandbox, startProxiedSandbox } from "@/lib/testing/proxied-sandbox";
import type { SandboxFixture } from "@/lib/testing/sandbox-fixture";
import type { OrderActionResult } from "./field-errors";
import { type OrderSubmitDeps, retryOrder, submitPayin, submitPayout } from "./submit";
import { UUID_PATTERN } from "@/lib/contract/uuid";

const PUBLIC_BASE_URL = "http://dashboard.test:3000";
const PAN = "4111111111111111";
const MASKED = "411111******1111";

let fx: SandboxFixture;
let proxy: FaultProxy;
let harness: ProxiedSandbox | undefined;
let db: Database;
let deps: OrderSubmitDeps;
/** Gives up on an answer after IMPATIENT_MS; the proxy holds the timed-out ones twice as long. */
let impatientDeps: OrderSubmitDeps;
const IMPATIENT_MS = 1_000;
const HELD_MS = 2 * IMPATIENT_MS;
let userId: string;

beforeAll(async () => {
  harness = await startProxiedSandbox("orders_submit");
  ({ fx, proxy, db } = harness);
  userId = crypto.randomUUID();
  await db.query(
    "INSERT INTO users (id, email, name, password_hash, role) VALUES ($1, 'op@example.com', 'Op', 'x', 'operator')",
    [userId],
  );
  const depsWith = (timeoutMs: number): OrderSubmitDeps => {
    const transport = { timeoutMs, maxAttempts: 2, backoffMs: 10 };
    return {
      sql: db,
      api: fx.client({ baseUrl: proxy.url, ...transport }),
      publicBaseUrl: PUBLIC_BASE_URL,
      userId,
      inFlightMs: worstCaseCallMs(transport),
    };
  };
  // A time limit a busy machine never reaches, except where a test makes the proxy outlast a short one.
  deps = depsWith(10_000);
  impatientDeps = depsWith(IMPATIENT_MS);
});
afterAll(async () => {
  await harness?.close();
});
beforeEach(() => {
  proxy.setPlan(() => ({ kind: "pass" }));
  proxy.requests.length = 0;
});

function payin(method: (typeof PAYIN_METHODS)[number], overrides = {}): Omit<PayinRequest, "postbackUrl"> {
  return samplePayinRequest(method, overrides);
}
function payout(method: (typeof PAYOUT_METHODS)[number], overrides = {}): PayoutRequest {
  return samplePayoutRequest(method, overrides);
}

function orderIdOf(result: OrderActionResult): string {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result)}`);
  return result.orderId;
}

async function rowText(orderId: string): Promise<string> {
  const rows = await db.query<{ t: string }>("SELECT row_to_json(o)::text AS t FROM orders o WHERE id = $1", [
    orderId,
  ]);
  return rows[0]?.t ?? "";
}

async function auditActions(orderId: string): Promise<string[]> {
  const rows = await db.query<{ action: string }>(
    "SELECT action FROM audit_log WHERE target = $1 ORDER BY at, action",
    [orderId],
  );
  return rows.map((r) => r.action);
}

describe("creating orders", () => {
  it("writes the order (Submitting, masked card) before the service is called", async () => {
    const req = payout("Card", { payoutDetails: { ccNo: PAN } });
    let seenBeforeCall: Promise<unknown> | undefined;
    proxy.setPlan(() => {
      seenBeforeCall = getOrderByPaymentId(db, "payout", req.paymentId);
      return { kind: "pass" };
    });
    const id = orderIdOf(await submitPayout(deps, req));
    const early = (await seenBeforeCall) as Awaited<ReturnType<typeof getOrderByPaymentId>>;
    expect(early?.id).toBe(id);
    expect(early?.status).toBe("Submitting");
    expect(early?.request).toMatchObject({ payoutDetails: { ccNo: MASKED } });
  });

  it("a pay-in stores the service's answer: provider id, bank details, expiry, final amount, pay token", async () => {
    const banks = await fx.client().listBanks("RU");
    const bankId = banks[0]?.id;
    const req = payin("SBP", { amount: 1500, addRandomCents: true, bankId });
    const id = orderIdOf(await submitPayin(deps, req));
    const order = await getOrderById(db, id);
    expect(order).toMatchObject({
      direction: "payin",
      paymentId: req.paymentId,
      paymentMethod: "SBP",
      status: "In progress",
      amount: "1500.00",
      currency: "RUB",
      country: "RU",
      clientEmail: req.client.email,
      createdBy: userId,
      lastError: null,
      submitAttempts: 1,
    });
    expect(order?.providerOrderId).toMatch(UUID_PATTERN);
    expect(order?.bankDetails).toMatchObject({
      phoneNumber: expect.any(String),
      payeeName: expect.any(String),
    });
    expect(order?.expiresAt?.getTime()).toBeGreaterThan(Date.now());
    // Random cents: 0.01–0.99 added, as the service returned it.
    expect(order?.finalAmount).toMatch(/^1500\.(0[1-9]|[1-9]\d)$/);
    expect(order?.payToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(order?.request).toMatchObject({ postbackUrl: `${PUBLIC_BASE_URL}/api/postback`, bankId });
    expect(order?.response).toMatchObject({ id: order?.providerOrderId, status: "In progress" });
    const seen = await fx.client().getSandboxOrder(order?.providerOrderId ?? "");
    expect(seen.paymentId).toBe(req.paymentId);
    expect(await auditActions(id)).toEqual(["order.create"]);
  });

  it.each(PAYIN_METHODS)("pay-in %s is created with its bank details", async (method) => {
    const id = orderIdOf(await submitPayin(deps, payin(method)));
    const order = await getOrderById(db, id);
    expect(order?.status).toBe("In progress");
    expect(order?.bankDetails).not.toBeNull();
    expect(order?.payToken).not.toBeNull();
  });

  it.each(PAYOUT_METHODS)("pay-out %s is created (no pay token, no bank details)", async (method) => {
    const id = orderIdOf(await submitPayout(deps, payout(method)));
    const order = await getOrderById(db, id);
    expect(order).toMatchObject({
      status: "In progress",
      payToken: null,
      bankDetails: null,
      direction: "payout",
    });
    expect(order?.providerOrderId).not.toBeNull();
  });

  it("the same paymentId submitted twice at once (double click) is one order, locally and in the sandbox", async () => {
    const req = payin("PIX");
    const [a, b] = await Promise.all([submitPayin(deps, req), submitPayin(deps, req)]);
    expect(orderIdOf(a)).toBe(orderIdOf(b));
    const rows = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM orders WHERE payment_id = $1",
      [req.paymentId],
    );
    expect(rows[0]?.n).toBe(1);
    expect(await fx.countOrders(req.paymentId)).toBe(1);
    // And once more after it succeeded: the same order, nothing sent.
    proxy.requests.length = 0;
    expect(orderIdOf(await submitPayin(deps, req))).toBe(orderIdOf(a));
    expect(proxy.requests).toHaveLength(0);
  });
});

describe("the service refuses (4xx)", () => {
  it("its field errors land on the form's fields and the order is Refused; its paymentId is not sent again", async () => {
    // The sandbox's Card pay-in minimum is 10.00: the contract allows 5, the service refuses it.
    const req = payin("Card", { amount: 5 });
    const result = await submitPayin(deps, req);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors).toEqual({ amount: expect.any(String) });
    expect(result.message).toMatch(/refused.*final.*new paymentId/);
    expect(result.refused).toBe(true);
    expect(result.orderId).toBeDefined();
    const failed = await getOrderById(db, result.orderId ?? "");
    expect(failed?.status).toBe("Refused");
    expect(failed?.lastError).toMatchObject({ kind: "problem", status: 400, retryable: false });
    expect(await fx.countOrders(req.paymentId)).toBe(0);
    // Its submission (and the activity log) says why in the service's words, with the field.
    const [created] = await db.query<{ outcome: string }>(
      "SELECT details->>'outcome' AS outcome FROM audit_log WHERE target = $1",
      [result.orderId],
    );
    expect(created?.outcome).toBe("Refused: amount must be between 10.00 and 500000.00 for Card pay-ins");

    // Same form, same paymentId, the amount corrected: the refusal is final, so it is answered again
    // without a call; the form moves to a new paymentId (see refused.int.test.ts for the resend).
    const sent = proxy.requests.length;
    const again = await submitPayin(deps, { ...req, amount: 50 });
    expect(again).toMatchObject({ ok: false, refused: true, orderId: result.orderId });
    expect(again.ok ? {} : again.fieldErrors).toEqual({ amount: expect.any(String) });
    expect(proxy.requests).toHaveLength(sent);
    const order = await getOrderById(db, result.orderId ?? "");
    expect(order).toMatchObject({ status: "Refused", amount: "5.00" });
    expect(await fx.countOrders(req.paymentId)).toBe(0);
    expect(await auditActions(order?.id ?? "")).toEqual(["order.create"]);
  });

  it("a pay-out detail the service refuses is placed on its payoutDetails field", async () => {
    // Card pay-out minimum is 100.00.
    const result = await submitPayout(deps, payout("Card", { amount: 99.99 }));
    expect(result).toMatchObject({ ok: false, fieldErrors: { amount: expect.any(String) } });
  });
});

describe("timeouts and retries", () => {
  it("a first attempt that times out is retried by the client with the same paymentId: one order", async () => {
    proxy.setPlan((n) => (n === 1 ? { kind: "delay", ms: HELD_MS } : { kind: "pass" }));
    const req = payin("QRNSPK");
    const id = orderIdOf(await submitPayin(impatientDeps, req));
    expect(proxy.requests).toHaveLength(2);
    expect(proxy.requests[0]?.body).toBe(proxy.requests[1]?.body);
    expect((await getOrderById(db, id))?.submitAttempts).toBe(2);
    expect(await fx.countOrders(req.paymentId)).toBe(1);
  });

  it("every attempt timing out leaves 'Submit failed'; the retry creates nothing new", async () => {
    proxy.setPlan(() => ({ kind: "delay", ms: HELD_MS }));
    const req = payin("SBP", { addRandomCents: true });
    const result = await submitPayin(impatientDeps, req);
    expect(result).toMatchObject({
      ok: false,
      message: expect.stringMatching(/did not answer.*Submit failed/),
    });
    const orderId = result.ok ? "" : (result.orderId ?? "");
    expect((await getOrderById(db, orderId))?.lastError).toMatchObject({ kind: "timeout", retryable: true });
    // The sandbox did receive it (the proxy forwarded before delaying).
    expect(await fx.countOrders(req.paymentId)).toBe(1);

    // A changed form after a possible landing is refused (it would be a different order under one paymentId).
    const changed = await submitPayin(impatientDeps, { ...req, amount: req.amount + 1 });
    expect(changed).toMatchObject({ ok: false, orderId, message: expect.stringMatching(/earlier attempt/) });

    proxy.setPlan(() => ({ kind: "pass" }));
    const bodiesBefore = proxy.requests.map((r) => r.body);
    expect(orderIdOf(await retryOrder(impatientDeps, { orderId }))).toBe(orderId);
    // Byte-identical to the first attempt although it was rebuilt from the stored (jsonb) request.
    expect(proxy.requests.at(-1)?.body).toBe(bodiesBefore[0]);
    const order = await getOrderById(db, orderId);
    expect(order?.status).toBe("In progress");
    expect(order?.submitAttempts).toBe(3);
    expect(await fx.countOrders(req.paymentId)).toBe(1);
    const seen = await fx.client().getSandboxOrder(order?.providerOrderId ?? "");
    expect(seen.amount).toBe(Number(order?.finalAmount));
    expect(await auditActions(orderId)).toEqual(["order.create", "order.retry"]);

    // Not failed any more: no second retry.
    expect(await retryOrder(impatientDeps, { orderId })).toMatchObject({
      ok: false,
      message: /can be retried/,
    });
  });

  it("a card pay-out retry asks for the card number again and checks it against the stored six + four", async () => {
    proxy.setPlan(() => ({ kind: "delay", ms: HELD_MS }));
    const req = payout("Card", { payoutDetails: { ccNo: PAN } });
    const failed = await submitPayout(impatientDeps, req);
    expect(failed.ok).toBe(false);
    const orderId = failed.ok ? "" : (failed.orderId ?? "");
    proxy.setPlan(() => ({ kind: "pass" }));

    expect(await retryOrder(impatientDeps, { orderId })).toMatchObject({
      ok: false,
      fieldErrors: { cardNumber: expect.stringMatching(/again/) },
    });
    expect(await retryOrder(impatientDeps, { orderId, cardNumber: "4111 1111 1111 1112" })).toMatchObject({
      fieldErrors: { cardNumber: expect.stringMatching(/checksum/) },
    });
    // Luhn-valid, same length, other last four.
    expect(await retryOrder(impatientDeps, { orderId, cardNumber: "4111111111112226" })).toMatchObject({
      fieldErrors: { cardNumber: expect.stringMatching(/Does not match.*411111\*{6}1111/) },
    });
    expect((await getOrderById(db, orderId))?.status).toBe("Submit failed");

    expect(orderIdOf(await retryOrder(impatientDeps, { orderId, cardNumber: "4111 1111 1111 1111" }))).toBe(
      orderId,
    );
    expect(await fx.countOrders(req.paymentId)).toBe(1);
    expect(proxy.requests.at(-1)?.body).toContain(PAN);

    // The full number is nowhere in the dashboard's database: not in the order, not in the audit log.
    const stored = await rowText(orderId);
    expect(stored).toContain(MASKED);
    expect(stored).not.toContain(PAN);
    const audit = await db.query<{ t: string }>("SELECT string_agg(details::text, ' ') AS t FROM audit_log");
    expect(audit[0]?.t ?? "").not.toContain(PAN);
  });

  it("refuses to retry an unknown order", async () => {
    expect(await retryOrder(impatientDeps, { orderId: crypto.randomUUID() })).toEqual({
      ok: false,
      message: "No such order.",
    });
  });
});
