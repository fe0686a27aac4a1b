/**
 * Self-healing submissions against the REAL sandbox over HTTP (through a fault proxy), with the dashboard's
 * database on the backend TEST_DB chooses. A process that dies mid-call is stood in for by a client whose
 * call never returns (after its request landed, or before it was sent); the lease is then run out by hand
 * rather than waited for. The kill -9 of a real process is lib/orders/resume-crash.int.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { samplePayinRequest, samplePayoutRequest } from "@/lib/contract/samples";
import type { Database } from "@/lib/database";
import { getOrderById, getOrderByPaymentId, type OrderRow } from "@/lib/database/dashboard/queries/orders";
import type { PaymentApi } from "@/lib/payment-api";
import type { FaultProxy } from "@/lib/testing/fault-proxy";
import { type ProxiedSandbox, startProxiedSandbox } from "@/lib/testing/proxied-sandbox";
import type { SandboxFixture } from "@/lib/testing/sandbox-fixture";
import { resumeStaleSubmissions, startResumeLoop } from "./resume";
import { type OrderSubmitDeps, RESUME_NEEDS_INPUT, retryOrder, submitPayin, submitPayout } from "./submit";

const PAN = "4111111111111111";

let fx: SandboxFixture;
let proxy: FaultProxy;
let harness: ProxiedSandbox | undefined;
let db: Database;
let api: PaymentApi;
let deps: OrderSubmitDeps;

beforeAll(async () => {
  harness = await startProxiedSandbox("orders_resume");
  ({ fx, proxy, db } = harness);
  api = fx.client({ baseUrl: proxy.url, timeoutMs: 2_000, maxAttempts: 2, backoffMs: 10 });
  deps = { sql: db, api, publicBaseUrl: "http://dashboard.test:3000", userId: null, inFlightMs: 4_020 };
  // Two fresh databases with their migrations: slow when the shared machine is busy.
}, 180_000);
afterAll(async () => {
  await harness?.close();
});
beforeEach(async () => {
  proxy.setPlan(() => ({ kind: "pass" }));
  proxy.requests.length = 0;
  // Each test sees only its own orphans.
  await db.query("UPDATE orders SET status = 'Submit failed' WHERE status = 'Submitting'");
});

/** A dashboard process that dies during the call: `landed` decides whether its request reached the service. */
function dyingDeps(landed: boolean): { deps: OrderSubmitDeps; called: Promise<void> } {
  let signal!: () => void;
  const called = new Promise<void>((resolve) => {
    signal = resolve;
  });
  const die = async <T>(send: () => Promise<unknown>): Promise<T> => {
    if (landed) await send();
    signal();
    return new Promise<T>(() => {});
  };
  const dying: Pick<PaymentApi, "createPayin" | "createPayout"> = {
    createPayin: (req) => die(() => api.createPayin(req)),
    createPayout: (req) => die(() => api.createPayout(req)),
  };
  return { deps: { ...deps, api: dying }, called };
}

async function orphan(kind: "payin" | "card-payout", landed: boolean): Promise<OrderRow> {
  const dying = dyingDeps(landed);
  let paymentId: string;
  if (kind === "payin") {
    const { postbackUrl: _, ...submission } = samplePayinRequest("SBP");
    paymentId = submission.paymentId;
    void submitPayin(dying.deps, submission);
  } else {
    const { postbackUrl: _, ...submission } = samplePayoutRequest("Card", { payoutDetails: { ccNo: PAN } });
    paymentId = submission.paymentId;
    void submitPayout(dying.deps, submission);
  }
  await dying.called;
  const order = await getOrderByPaymentId(db, kind === "payin" ? "payin" : "payout", paymentId);
  if (!order) throw new Error("the order was not written before the call");
  expect(order.status).toBe("Submitting");
  return order;
}

async function runOutLease(orderId: string): Promise<void> {
  await db.query("UPDATE orders SET submit_lease_until = now() - interval '1 second' WHERE id = $1", [
    orderId,
  ]);
}

async function auditOf(orderId: string): Promise<{ action: string; outcome: unknown }[]> {
  const rows = await db.query<{ action: string; details: Record<string, unknown> }>(
    "SELECT action, details FROM audit_log WHERE target = $1 ORDER BY at, action",
    [orderId],
  );
  return rows.map((r) => ({ action: r.action, outcome: r.details.outcome }));
}

function sentFor(paymentId: string): number {
  return proxy.requests.filter((r) => r.body.includes(paymentId)).length;
}

describe("resuming orphaned submissions", () => {
  it("resends an orphan whose request never reached the service: created once, timeline says resumed", async () => {
    const order = await orphan("payin", false);
    expect(await fx.countOrders(order.paymentId)).toBe(0);
    // Still in its lease: the process sending it might be alive.
    expect(await resumeStaleSubmissions(deps)).toEqual({ resumed: 0, accepted: 0 });

    await runOutLease(order.id);
    expect(await resumeStaleSubmissions(deps)).toEqual({ resumed: 1, accepted: 1 });
    const after = await getOrderById(db, order.id);
    expect(after?.status).toBe("In progress");
    expect(after?.providerOrderId).not.toBeNull();
    expect(await fx.countOrders(order.paymentId)).toBe(1);
    expect(await auditOf(order.id)).toEqual([{ action: "order.resume", outcome: "In progress" }]);
  });

  it("resends an orphan whose request had landed: the same order comes back, nothing is created twice", async () => {
    const order = await orphan("payin", true);
    expect(await fx.countOrders(order.paymentId)).toBe(1);
    const firstBody = proxy.requests.at(-1)?.body;
    await runOutLease(order.id);
    expect(await resumeStaleSubmissions(deps)).toEqual({ resumed: 1, accepted: 1 });
    expect(proxy.requests.at(-1)?.body).toBe(firstBody);
    expect(await fx.countOrders(order.paymentId)).toBe(1);
    const after = await getOrderById(db, order.id);
    expect(after?.status).toBe("In progress");
    expect((await fx.client().getSandboxOrder(after?.providerOrderId ?? "")).paymentId).toBe(order.paymentId);
  });

  it("two instances resuming at once send each orphan once", async () => {
    const orders = await Promise.all([orphan("payin", false), orphan("payin", true), orphan("payin", false)]);
    for (const o of orders) await runOutLease(o.id);
    proxy.requests.length = 0;
    // Slow answers keep both passes in flight together.
    proxy.setPlan(() => ({ kind: "delay", ms: 300 }));
    const [a, b] = await Promise.all([resumeStaleSubmissions(deps), resumeStaleSubmissions(deps)]);
    expect(a.resumed + b.resumed).toBe(3);
    for (const o of orders) {
      expect(sentFor(o.paymentId)).toBe(1);
      expect(await fx.countOrders(o.paymentId)).toBe(1);
      expect((await getOrderById(db, o.id))?.status).toBe("In progress");
    }
  });

  it("a card pay-out cannot be resent without its card: it asks a human for the number again", async () => {
    const order = await orphan("card-payout", false);
    await runOutLease(order.id);
    expect(await resumeStaleSubmissions(deps)).toEqual({ resumed: 1, accepted: 0 });
    expect(sentFor(order.paymentId)).toBe(0);
    const after = await getOrderById(db, order.id);
    expect(after?.status).toBe("Submit failed");
    expect(after?.lastError).toMatchObject({
      kind: RESUME_NEEDS_INPUT,
      message: expect.stringMatching(/Enter the card number again: only 411111\*{6}1111 was stored/),
    });
    expect(await auditOf(order.id)).toEqual([
      { action: "order.resume", outcome: "Submit failed: card number needed" },
    ]);
    // Not picked up again by the next pass; the human retry with the card sends it, once.
    expect(await resumeStaleSubmissions(deps)).toEqual({ resumed: 0, accepted: 0 });
    expect(await retryOrder(deps, { orderId: order.id })).toMatchObject({
      ok: false,
      fieldErrors: { cardNumber: expect.stringMatching(/again/) },
    });
    expect(await retryOrder(deps, { orderId: order.id, cardNumber: PAN })).toEqual({
      ok: true,
      orderId: order.id,
    });
    expect(await fx.countOrders(order.paymentId)).toBe(1);
  });

  it("a human may retry an orphan as soon as its lease ran out, but never while a resume is sending it", async () => {
    const fresh = await orphan("payin", false);
    expect(await retryOrder(deps, { orderId: fresh.id })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/being submitted right now/),
    });
    await runOutLease(fresh.id);
    expect(await retryOrder(deps, { orderId: fresh.id })).toEqual({ ok: true, orderId: fresh.id });
    expect(await fx.countOrders(fresh.paymentId)).toBe(1);

    const other = await orphan("payin", false);
    await runOutLease(other.id);
    let retried: unknown;
    // The resume's request is in flight at the service when the human clicks retry.
    proxy.setPlan(() => {
      retried ??= retryOrder(deps, { orderId: other.id });
      return { kind: "delay", ms: 200 };
    });
    expect(await resumeStaleSubmissions(deps)).toEqual({ resumed: 1, accepted: 1 });
    expect(await retried).toMatchObject({ ok: false, message: expect.stringMatching(/being submitted/) });
    expect(sentFor(other.paymentId)).toBe(1);
    expect(await auditOf(other.id)).toEqual([{ action: "order.resume", outcome: "In progress" }]);
  });

  it("the loop picks an orphan up when its lease runs out, well before its interval", async () => {
    const order = await orphan("payin", false);
    await db.query("UPDATE orders SET submit_lease_until = now() + interval '1 second' WHERE id = $1", [
      order.id,
    ]);
    const errors: unknown[] = [];
    const loop = startResumeLoop({
      deps: async () => deps,
      intervalMs: 3_600_000,
      onError: (e) => errors.push(e),
    });
    try {
      for (let i = 0; i < 300 && (await getOrderById(db, order.id))?.status === "Submitting"; i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await loop.stop();
    }
    expect(errors).toEqual([]);
    expect((await getOrderById(db, order.id))?.status).toBe("In progress");
    expect(await fx.countOrders(order.paymentId)).toBe(1);
  });
});
