/**
 * The client against a real sandbox over HTTP: every method in both directions, the banks, the test
 * controls, idempotency and every error class. Runs on TEST_DB=pglite (default) and TEST_DB=postgres.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  hasValidEmvCrc,
  isLuhnValid,
  PAYIN_METHOD_INFO,
  PAYIN_METHODS,
  PAYOUT_METHODS,
} from "@/lib/contract";
import { samplePayinRequest, samplePayoutRequest } from "@/lib/contract/samples";
import { PaymentApiProblemError } from "./errors";
import { type SandboxFixture, startSandboxFixture } from "@/lib/testing/sandbox-fixture";
import type { PaymentApi } from "./types";

let fx: SandboxFixture;
let api: PaymentApi;

beforeAll(async () => {
  fx = await startSandboxFixture();
  api = fx.client();
});
afterAll(async () => {
  await fx?.close();
});

async function problemOf(promise: Promise<unknown>): Promise<PaymentApiProblemError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentApiProblemError);
  return error as PaymentApiProblemError;
}

describe.each(PAYIN_METHODS)("pay-in %s", (method) => {
  it("creates the order with the method's payment details, then moves it by the test control", async () => {
    const req = samplePayinRequest(method, { addRandomCents: true });
    const order = await api.createPayin(req);

    expect(order.status).toBe("In progress");
    expect(order.paymentId).toBe(req.paymentId);
    expect(order.attempts).toBe(1);
    expect(Date.parse(order.expiresAt)).toBeGreaterThan(Date.now());
    // Random cents: the final amount is above the requested one by 0.01–0.99.
    expect(order.amountChanged).toBe(true);
    const extra = Math.round(Number(order.amount) * 100) - Math.round(req.amount * 100);
    expect(extra).toBeGreaterThanOrEqual(1);
    expect(extra).toBeLessThanOrEqual(99);

    const d = order.bankDetails;
    switch (PAYIN_METHOD_INFO[method].bankDetails) {
      case "card":
        expect("card" in d && isLuhnValid(d.card.cardNumber)).toBe(true);
        break;
      case "phone":
        expect("phoneNumber" in d && d.phoneNumber).toMatch(/^\+\d{10,15}$/);
        break;
      case "nspkQr":
        expect("qr" in d && (d.qr as { url?: string }).url).toMatch(/^https:\/\/qr\.nspk\.ru\//);
        break;
      case "pixQr":
        expect("qr" in d && d.qr.code).toMatch(/^000201/);
        expect(hasValidEmvCrc((d as { qr: { code: string } }).qr.code)).toBe(true);
        break;
    }

    const seen = await api.getSandboxOrder(order.id);
    expect(seen).toMatchObject({
      id: order.id,
      paymentId: req.paymentId,
      type: "payin",
      paymentMethod: method,
      status: "In progress",
      amount: Number(order.amount),
      country: req.country,
    });

    const moved = await api.setSandboxOrderStatus(order.id, "Success");
    expect(moved.status).toBe("Success");
    expect((await api.getSandboxOrder(order.id)).status).toBe("Success");
  });
});

describe.each(PAYOUT_METHODS)("pay-out %s", (method) => {
  it("creates the order, and a final status is final", async () => {
    const req = samplePayoutRequest(method);
    const order = await api.createPayout(req);
    expect(order).toMatchObject({
      status: "In progress",
      paymentId: req.paymentId,
      paymentMethod: method,
      attempts: 1,
    });

    expect(await api.getSandboxOrder(order.id)).toMatchObject({
      id: order.id,
      type: "payout",
      paymentMethod: method,
      amount: req.amount,
    });

    expect((await api.setSandboxOrderStatus(order.id, "Failed")).status).toBe("Failed");
    const again = await problemOf(api.setSandboxOrderStatus(order.id, "Success"));
    expect(again).toMatchObject({ status: 409, retryable: false, attempts: 1 });
  });
});

describe("pay-in expiry control", () => {
  it("Expired moves a pay-in; a pay-out refuses it with a field error", async () => {
    const payin = await api.createPayin(samplePayinRequest("SBP"));
    expect((await api.setSandboxOrderStatus(payin.id, "Expired")).status).toBe("Expired");

    const payout = await api.createPayout(samplePayoutRequest("SBP"));
    const p = await problemOf(api.setSandboxOrderStatus(payout.id, "Expired"));
    expect(p.status).toBe(400);
    expect(p.fieldErrors.map((e) => e.path)).toEqual(["status"]);
  });

  it("an unknown order is a 404", async () => {
    const p = await problemOf(api.getSandboxOrder(randomUUID()));
    expect(p).toMatchObject({ status: 404, retryable: false });
  });
});

describe("banks", () => {
  it.each([
    ["RU", /^\d{12}$/],
    ["BR", /^\d{8}$/],
    ["KZ", /^[A-Z0-9]{8}$/],
  ])("%s: the directory with its national codes", async (country, code) => {
    const banks = await api.listBanks(country);
    expect(banks.length).toBeGreaterThan(5);
    for (const bank of banks) {
      expect(bank.country).toBe(country);
      expect(bank.code).toMatch(code);
      expect(Number.isInteger(bank.id)).toBe(true);
    }
  });

  it("RU lists Sberbank with its SBP member id", async () => {
    const banks = await api.listBanks("RU");
    expect(banks).toContainEqual({ id: 1001, name: "Sberbank", country: "RU", code: "100000000111" });
  });

  it("a well-formed country without banks is an empty list", async () => {
    expect(await api.listBanks("FR")).toEqual([]);
  });

  it.each(["ru", "RUS", "XX", ""])("a malformed country %j is a 400 naming the field", async (country) => {
    const p = await problemOf(api.listBanks(country));
    expect(p).toMatchObject({ status: 400, retryable: false, attempts: 1 });
    expect(p.fieldErrors.map((e) => e.path)).toContain("country");
  });
});

describe("idempotency", () => {
  it("replaying a create returns the same order and stores one", async () => {
    const req = samplePayinRequest("QRNSPK", { addRandomCents: true });
    const first = await api.createPayin(req);
    const second = await api.createPayin(req);
    expect(second.id).toBe(first.id);
    expect(second.amount).toBe(first.amount);
    expect(second.bankDetails).toEqual(first.bankDetails);
    expect(second.expiresAt).toBe(first.expiresAt);
    expect(await fx.countOrders(req.paymentId)).toBe(1);
  });

  it("20 concurrent identical creates make exactly one order", async () => {
    const req = samplePayoutRequest("Card");
    const orders = await Promise.all(Array.from({ length: 20 }, () => api.createPayout(req)));
    expect(new Set(orders.map((o) => o.id)).size).toBe(1);
    expect(await fx.countOrders(req.paymentId)).toBe(1);
  });

  it("the same paymentId with a different body is a 409, not retried, and changes nothing", async () => {
    const req = samplePayinRequest("Card");
    const order = await api.createPayin(req);
    const p = await problemOf(api.createPayin({ ...req, amount: req.amount + 1 }));
    expect(p).toMatchObject({ status: 409, retryable: false, attempts: 1 });
    expect(p.fieldErrors.map((e) => e.path)).toEqual(["paymentId"]);
    expect(await fx.countOrders(req.paymentId)).toBe(1);
    expect((await api.getSandboxOrder(order.id)).requestedAmount).toBe(req.amount);
  });
});

describe("errors", () => {
  it("400: the problem details name every failing field; nothing is stored", async () => {
    const req = samplePayinRequest("Card", { client: { email: "not-an-email" }, amount: -5 });
    const p = await problemOf(api.createPayin(req));
    expect(p).toMatchObject({ status: 400, retryable: false, attempts: 1 });
    expect(p.problem.status).toBe(400);
    expect(p.fieldErrors.map((e) => e.path).sort()).toEqual(["amount", "client.email"]);
    expect(await fx.countOrders(req.paymentId)).toBe(0);
  });

  it("400 on a pay-out: the per-method rule names payoutDetails.ccNo", async () => {
    const req = samplePayoutRequest("Card", { payoutDetails: { ccNo: "4111111111111112" } });
    const p = await problemOf(api.createPayout(req));
    expect(p.status).toBe(400);
    expect(p.fieldErrors.map((e) => e.path)).toEqual(["payoutDetails.ccNo"]);
  });

  it("401: a wrong secret is refused, never retried", async () => {
    const wrong = fx.client({ secret: "not-the-secret" });
    const req = samplePayinRequest("SBP");
    const p = await problemOf(wrong.createPayin(req));
    expect(p).toMatchObject({ status: 401, retryable: false, attempts: 1 });
    expect(p.problem.detail).toMatch(/signature/i);
    expect(await fx.countOrders(req.paymentId)).toBe(0);
    await expect(wrong.listBanks("RU")).rejects.toMatchObject({ status: 401 });
  });

  it("401: an unknown client id is refused", async () => {
    const p = await problemOf(fx.client({ clientId: "nobody" }).listBanks("RU"));
    expect(p).toMatchObject({ status: 401, retryable: false });
    expect(p.problem.detail).toMatch(/X-Client-Id/);
  });
});

describe("sandbox triggers through the client's retries", () => {
  it("a 500 on the first create (amount .55) is retried with the same paymentId: one order", async () => {
    const req = samplePayinRequest("Card", { amount: 1500.55 });
    const order = await api.createPayin(req);
    expect(order.attempts).toBe(2);
    expect(await fx.countOrders(req.paymentId)).toBe(1);
  });

  it("a slow first answer (amount .56) times out and the retry gets the order created by the first", async () => {
    const req = samplePayoutRequest("SBP", { amount: 1500.56 });
    // The sandbox holds this first answer 3 s (SLOW_TRIGGER_DELAY_MS).
    const order = await fx.client({ timeoutMs: 2_000 }).createPayout(req);
    expect(order.attempts).toBe(2);
    expect(await fx.countOrders(req.paymentId)).toBe(1);
  });
});
