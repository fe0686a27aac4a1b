/**
 * Retries, timeouts and contract violations against a real sandbox: a fault proxy in front of it delays,
 * fails, cuts or rewrites chosen requests; the sandbox behind it stays real, so "exactly one order" is
 * checked in its own database. Runs on TEST_DB=pglite (default) and TEST_DB=postgres.
 */
import { createServer } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { samplePayinRequest, samplePayoutRequest } from "@/lib/contract/samples";
import { verify } from "@/lib/signing";
import {
  PaymentApiContractError,
  PaymentApiNetworkError,
  PaymentApiProblemError,
  PaymentApiTimeoutError,
} from "./errors";
import { type FaultProxy, startFaultProxy } from "@/lib/testing/fault-proxy";
import { type SandboxFixture, startSandboxFixture, TEST_ACCOUNT } from "@/lib/testing/sandbox-fixture";
import type { PaymentApi } from "./types";

let fx: SandboxFixture;
let proxy: FaultProxy;
let api: PaymentApi;
/** For the timeout cases: short enough to provoke, long enough for a normal answer on a loaded machine. */
let impatient: PaymentApi;
const TIMEOUT_MS = 1_500;
const HOLD_MS = 5_000;

beforeAll(async () => {
  fx = await startSandboxFixture();
  proxy = await startFaultProxy(fx.url);
  api = fx.client({ baseUrl: proxy.url, timeoutMs: 10_000, maxAttempts: 3, backoffMs: 10 });
  impatient = fx.client({ baseUrl: proxy.url, timeoutMs: TIMEOUT_MS, maxAttempts: 3, backoffMs: 10 });
});
afterAll(async () => {
  await proxy?.close();
  await fx?.close();
});
beforeEach(() => {
  proxy.setPlan(() => ({ kind: "pass" }));
  proxy.requests.length = 0;
});

async function errorOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (e: unknown) => e,
  );
}

/** Every attempt sent the same bytes with the same, valid signature. */
function expectIdenticalSignedAttempts(n: number) {
  expect(proxy.requests).toHaveLength(n);
  const [first] = proxy.requests;
  for (const r of proxy.requests) {
    expect(r.body).toBe(first?.body);
    expect(r.headers["x-signature"]).toBe(first?.headers["x-signature"]);
    expect(verify(TEST_ACCOUNT.secret, r.body, String(r.headers["x-signature"]))).toBe(true);
  }
}

describe("retries with the same paymentId", () => {
  it("5xx after the service created the order (answer lost twice): third attempt returns it; one order", async () => {
    proxy.setPlan((n) => (n <= 2 ? { kind: "fail", status: 502, forward: true } : { kind: "pass" }));
    const req = samplePayinRequest("Card");
    const order = await api.createPayin(req);
    expect(order.attempts).toBe(3);
    expectIdenticalSignedAttempts(3);
    expect(await fx.countOrders(req.paymentId)).toBe(1);
    expect((await fx.client().getSandboxOrder(order.id)).paymentId).toBe(req.paymentId);
  });

  it("503 before reaching the service: retried, one order", async () => {
    proxy.setPlan((n) => (n === 1 ? { kind: "fail", status: 503, forward: false } : { kind: "pass" }));
    const req = samplePayoutRequest("BankAccount");
    const order = await api.createPayout(req);
    expect(order.attempts).toBe(2);
    expectIdenticalSignedAttempts(2);
    expect(await fx.countOrders(req.paymentId)).toBe(1);
  });

  it("timeout after the service created the order: the retry gets the same order; one order", async () => {
    proxy.setPlan((n) => (n === 1 ? { kind: "delay", ms: HOLD_MS } : { kind: "pass" }));
    const req = samplePayinRequest("PIX", { addRandomCents: true });
    const order = await impatient.createPayin(req);
    expect(order.attempts).toBe(2);
    expectIdenticalSignedAttempts(2);
    expect(await fx.countOrders(req.paymentId)).toBe(1);
    // The order the first (lost) attempt created is the one returned, random cents included.
    const seen = await fx.client().getSandboxOrder(order.id);
    expect(seen.amount).toBe(Number(order.amount));
  });

  it("connection cut after the service created the order: retried as a network error; one order", async () => {
    proxy.setPlan((n) => (n === 1 ? { kind: "drop", forward: true } : { kind: "pass" }));
    const req = samplePayoutRequest("PIX_OUT_EVP");
    const order = await api.createPayout(req);
    expect(order.attempts).toBe(2);
    expect(await fx.countOrders(req.paymentId)).toBe(1);
  });

  it("GET: a retried bank list is signed over the same path", async () => {
    proxy.setPlan((n) => (n === 1 ? { kind: "fail", status: 500, forward: false } : { kind: "pass" }));
    const banks = await api.listBanks("KZ");
    expect(banks.length).toBeGreaterThan(0);
    expect(proxy.requests.map((r) => r.url)).toEqual([
      "/api/v1/bank/available?country=KZ",
      "/api/v1/bank/available?country=KZ",
    ]);
    expect(new Set(proxy.requests.map((r) => r.headers["x-signature"])).size).toBe(1);
  });
});

describe("giving up", () => {
  it("every attempt times out → PaymentApiTimeoutError after maxAttempts; the order exists once", async () => {
    proxy.setPlan(() => ({ kind: "delay", ms: HOLD_MS }));
    const req = samplePayinRequest("SBP");
    const started = Date.now();
    const error = await errorOf(impatient.createPayin(req));
    expect(error).toBeInstanceOf(PaymentApiTimeoutError);
    expect(error).toMatchObject({ retryable: true, attempts: 3, timeoutMs: TIMEOUT_MS });
    // Each attempt is cut at the timeout, not left to run for the proxy's hold.
    expect(Date.now() - started).toBeLessThan(3 * TIMEOUT_MS + 2_000);
    expectIdenticalSignedAttempts(3);
    expect(await fx.countOrders(req.paymentId)).toBe(1);
  });

  it("5xx on every attempt → retryable PaymentApiProblemError with the status", async () => {
    proxy.setPlan(() => ({ kind: "fail", status: 503, forward: false }));
    const error = await errorOf(api.listBanks("RU"));
    expect(error).toBeInstanceOf(PaymentApiProblemError);
    expect(error).toMatchObject({ status: 503, retryable: true, attempts: 3 });
    expect(proxy.requests).toHaveLength(3);
  });

  it("a 4xx is never retried (429 from a gateway)", async () => {
    proxy.setPlan(() => ({ kind: "fail", status: 429, forward: false }));
    const req = samplePayinRequest("Card");
    const error = await errorOf(api.createPayin(req));
    expect(error).toMatchObject({ status: 429, retryable: false, attempts: 1 });
    expect(proxy.requests).toHaveLength(1);
    expect(await fx.countOrders(req.paymentId)).toBe(0);
  });

  it("service down → PaymentApiNetworkError after maxAttempts", async () => {
    const port = await closedPort();
    const down = fx.client({ baseUrl: `http://127.0.0.1:${port}`, maxAttempts: 2 });
    const error = await errorOf(down.listBanks("RU"));
    expect(error).toBeInstanceOf(PaymentApiNetworkError);
    expect(error).toMatchObject({ retryable: true, attempts: 2 });
    expect((error as Error).message).toContain("ECONNREFUSED");
  });
});

describe("responses that break the contract", () => {
  it("a pay-in answer without its card details → PaymentApiContractError, not retried", async () => {
    proxy.setPlan(() => ({
      kind: "rewrite",
      body: (text) => {
        const body = JSON.parse(text) as { bankDetails: Record<string, unknown> };
        delete body.bankDetails.card;
        return JSON.stringify(body);
      },
    }));
    const req = samplePayinRequest("Card");
    const error = await errorOf(api.createPayin(req));
    expect(error).toBeInstanceOf(PaymentApiContractError);
    const c = error as PaymentApiContractError;
    expect(c).toMatchObject({ retryable: false, attempts: 1, status: 200 });
    expect(c.issues.map((i) => i.path)).toEqual(["bankDetails.card"]);
    expect(proxy.requests).toHaveLength(1);
  });

  it("a pay-out answer with a non-UUID id → PaymentApiContractError", async () => {
    proxy.setPlan(() => ({
      kind: "rewrite",
      body: (text) => JSON.stringify({ ...JSON.parse(text), id: 42 }),
    }));
    const error = await errorOf(api.createPayout(samplePayoutRequest("Card")));
    expect((error as PaymentApiContractError).issues.map((i) => i.path)).toEqual(["id"]);
  });

  it("a bank list whose ids are strings → PaymentApiContractError naming the element", async () => {
    proxy.setPlan(() => ({
      kind: "rewrite",
      body: (text) =>
        JSON.stringify((JSON.parse(text) as { id: number }[]).map((b) => ({ ...b, id: String(b.id) }))),
    }));
    const error = await errorOf(api.listBanks("BR"));
    expect(error).toBeInstanceOf(PaymentApiContractError);
    expect((error as PaymentApiContractError).issues[0]?.path).toBe("0.id");
  });

  it("an answer that is not JSON → PaymentApiContractError at (body)", async () => {
    proxy.setPlan(() => ({ kind: "rewrite", body: () => "<html>maintenance</html>" }));
    const error = await errorOf(api.listBanks("RU"));
    expect(error).toBeInstanceOf(PaymentApiContractError);
    expect((error as PaymentApiContractError).issues).toEqual([
      { path: "(body)", message: "Not JSON: <html>maintenance</html>" },
    ]);
  });
});

/** A port nothing listens on: bind an ephemeral one, then release it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
