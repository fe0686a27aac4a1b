/**
 * Refused orders (issue 11) against the REAL sandbox over HTTP, on the database TEST_DB chooses: a 4xx about
 * the order is final ("Refused", never resent by a human retry or the automatic resume); timeouts, 5xx,
 * network errors, 401 and 429 stay "Submit failed" and retryable; "Fix and resend" makes a new order linked
 * to the refused one. A fault proxy in front of the sandbox injects the transient failures.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { samplePayinRequest, samplePayoutRequest } from "@/lib/contract/samples";
import type { Database } from "@/lib/database";
import { getOrderById, listResendsOf } from "@/lib/database/dashboard/queries/orders";
import { getPayPageOrder, getPayPageStatus } from "@/lib/database/dashboard/queries/pay-page";
import type { FaultProxy } from "@/lib/testing/fault-proxy";
import { type ProxiedSandbox, startProxiedSandbox } from "@/lib/testing/proxied-sandbox";
import type { SandboxFixture } from "@/lib/testing/sandbox-fixture";
import type { OrderActionResult } from "./field-errors";
import { resumeStaleSubmissions } from "./resume";
import { type OrderSubmitDeps, retryOrder, submitPayin, submitPayout } from "./submit";

let fx: SandboxFixture;
let proxy: FaultProxy;
let harness: ProxiedSandbox | undefined;
let db: Database;
let deps: OrderSubmitDeps;
/** deps whose client gives up after 400 ms (the proxy holds the answer 1 s: a timeout whatever the load). */
let quickDeps: OrderSubmitDeps;

beforeAll(async () => {
  harness = await startProxiedSandbox("orders_refused");
  ({ fx, proxy, db } = harness);
  // One attempt per call: what the proxy injects is what the order sees. A time limit a busy machine never
  // reaches; the timeout case has a client of its own with a short one (quickDeps).
  const client = (timeoutMs: number) =>
    fx.client({ baseUrl: proxy.url, timeoutMs, maxAttempts: 1, backoffMs: 10 });
  deps = {
    sql: db,
    api: client(10_000),
    publicBaseUrl: "http://dashboard.test:3000",
    userId: null,
    inFlightMs: 1_000,
  };
  quickDeps = { ...deps, api: client(400) };
});
afterAll(async () => {
  await harness?.close();
});
beforeEach(() => {
  proxy.setPlan(() => ({ kind: "pass" }));
  proxy.requests.length = 0;
});

function failedId(result: OrderActionResult): string {
  if (result.ok || !result.orderId)
    throw new Error(`expected a saved failure, got ${JSON.stringify(result)}`);
  return result.orderId;
}
function okId(result: OrderActionResult): string {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result)}`);
  return result.orderId;
}

describe("a 4xx about the order is final", () => {
  it("a Card pay-in under the minimum is Refused with its field error; a retry sends nothing", async () => {
    const req = samplePayinRequest("Card", { amount: 5 });
    const result = await submitPayin(deps, req);
    expect(result).toMatchObject({ ok: false, refused: true, fieldErrors: { amount: expect.any(String) } });
    const id = failedId(result);
    expect((await getOrderById(db, id))?.status).toBe("Refused");

    const before = proxy.requests.length;
    expect(await retryOrder(deps, { orderId: id })).toMatchObject({
      ok: false,
      refused: true,
      message: expect.stringMatching(/final.*Fix and resend/),
    });
    expect(proxy.requests).toHaveLength(before);
    expect((await getOrderById(db, id))?.status).toBe("Refused");
  });

  it("a refused pay-in has no customer page: its token finds nothing", async () => {
    const id = failedId(await submitPayin(deps, samplePayinRequest("Card", { amount: 5 })));
    const order = await getOrderById(db, id);
    expect(order?.payToken).toEqual(expect.any(String));
    expect(await getPayPageOrder(db, order?.payToken ?? "")).toBeNull();
    expect(await getPayPageStatus(db, order?.payToken ?? "")).toBeNull();
  });

  it("a 409 (paymentId reused with another body) is Refused too", async () => {
    const req = samplePayinRequest("SBP");
    proxy.setPlan(() => ({ kind: "fail", status: 409, forward: false }));
    const id = failedId(await submitPayin(deps, req));
    expect(await getOrderById(db, id)).toMatchObject({ status: "Refused", lastError: { status: 409 } });
  });

  it("the automatic resume never resends a refused order, however old", async () => {
    const id = failedId(await submitPayin(deps, samplePayinRequest("Card", { amount: 5 })));
    await db.query(
      "UPDATE orders SET updated_at = now() - interval '1 hour', submit_lease_until = now() - interval '1 hour' WHERE id = $1",
      [id],
    );
    const before = proxy.requests.length;
    await resumeStaleSubmissions(deps);
    expect(proxy.requests).toHaveLength(before);
    expect((await getOrderById(db, id))?.status).toBe("Refused");
  });
});

describe("transient failures stay retryable", () => {
  it.each([
    ["a 503", { kind: "fail", status: 503, forward: false }, "problem"],
    ["a 500", { kind: "fail", status: 500, forward: false }, "problem"],
    ["a timeout", { kind: "delay", ms: 1_000 }, "timeout"],
    ["a dropped connection", { kind: "drop", forward: false }, "network"],
    ["a 429", { kind: "fail", status: 429, forward: false }, "problem"],
    ["a 401", { kind: "fail", status: 401, forward: false }, "problem"],
  ] as const)("%s leaves 'Submit failed', and a retry then creates it", async (_name, fault, kind) => {
    const req = samplePayinRequest("SBP");
    proxy.setPlan(() => fault);
    const result = await submitPayin(kind === "timeout" ? quickDeps : deps, req);
    expect(result).not.toHaveProperty("refused");
    const id = failedId(result);
    expect(await getOrderById(db, id)).toMatchObject({ status: "Submit failed", lastError: { kind } });

    proxy.setPlan(() => ({ kind: "pass" }));
    expect(okId(await retryOrder(deps, { orderId: id }))).toBe(id);
    expect((await getOrderById(db, id))?.status).toBe("In progress");
    expect(await fx.countOrders(req.paymentId)).toBe(1);
  });

  it("the sandbox's own 500 trigger (.55) is transient: Submit failed, then accepted on retry", async () => {
    const req = samplePayinRequest("SBP", { amount: 100.55 });
    const id = failedId(await submitPayin(deps, req));
    expect(await getOrderById(db, id)).toMatchObject({ status: "Submit failed", lastError: { status: 500 } });
    expect(okId(await retryOrder(deps, { orderId: id }))).toBe(id);
  });
});

describe("Fix and resend", () => {
  it("a corrected pay-in with a new paymentId is accepted and linked to the refused one", async () => {
    const refusedReq = samplePayinRequest("Card", { amount: 5 });
    const refusedId = failedId(await submitPayin(deps, refusedReq));
    const fixedReq = { ...refusedReq, paymentId: crypto.randomUUID(), amount: 50 };
    const newId = okId(await submitPayin(deps, fixedReq, { resendOf: refusedId }));
    expect(newId).not.toBe(refusedId);
    expect(await getOrderById(db, newId)).toMatchObject({ status: "In progress", resendOf: refusedId });
    expect(await listResendsOf(db, refusedId)).toEqual([
      { id: newId, paymentId: fixedReq.paymentId, status: "In progress" },
    ]);
    // The refused one stays refused.
    expect((await getOrderById(db, refusedId))?.status).toBe("Refused");
  });

  it("a pay-out resend of a refused pay-out works; of anything else it is refused and writes nothing", async () => {
    const refusedId = failedId(await submitPayout(deps, samplePayoutRequest("SBP", { amount: 0.5 })));
    expect((await getOrderById(db, refusedId))?.status).toBe("Refused");
    const payinRefused = failedId(await submitPayin(deps, samplePayinRequest("Card", { amount: 5 })));
    const accepted = okId(await submitPayin(deps, samplePayinRequest("SBP")));

    const count = async () => (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM orders"))[0]?.n;
    const before = await count();
    for (const [resendOf, submit] of [
      [accepted, "payin"],
      [payinRefused, "payout"],
      [refusedId, "payin"],
      [crypto.randomUUID(), "payout"],
    ] as const) {
      const result =
        submit === "payin"
          ? await submitPayin(deps, samplePayinRequest("SBP"), { resendOf })
          : await submitPayout(deps, samplePayoutRequest("SBP"), { resendOf });
      expect(result).toMatchObject({ ok: false, fieldErrors: { resendOf: expect.any(String) } });
    }
    expect(await count()).toBe(before);

    const newId = okId(await submitPayout(deps, samplePayoutRequest("SBP"), { resendOf: refusedId }));
    expect((await getOrderById(db, newId))?.resendOf).toBe(refusedId);
  });
});
