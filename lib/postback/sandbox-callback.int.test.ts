/**
 * The whole callback loop over real HTTP: the real sandbox (lib/sandbox) signs and POSTs its callback to a
 * small HTTP server that hands the request to the dashboard's receiver (receiveCallback + callbackResponse,
 * exactly what app/api/postback does), over a real dashboard database.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "@/lib/database";
import { type ScratchSandbox, startScratchSandbox } from "@/lib/testing/sandbox-fixture";
import { listCallbackDeliveriesForOrder } from "@/lib/database/dashboard/queries/callback-deliveries";
import { createPaymentApiClient, type PaymentApi } from "@/lib/payment-api";
import type { SandboxChaos } from "@/lib/contract";
import { type SandboxKit, sandboxKit } from "@/lib/sandbox/kit";
import type { RunningSandbox } from "@/lib/sandbox/server";
import { type PostbackServer, startReceiverServer } from "@/lib/testing/postback-server";
import { insertSandboxOrder, openTestDashboardDb } from "@/lib/testing/test-orders";

const ACCOUNT = { clientId: "loop-merchant", secret: "loop-secret-0123456789" };

let dashboardDb: Database;
let disposeDashboard: () => Promise<void> = async () => {};
let sandboxRun: ScratchSandbox | undefined;
let sandbox: RunningSandbox;
let receiver: PostbackServer | undefined;
let receiverUrl: string;
/** The secret the receiver checks with; a test swaps it to see refusals and the sandbox's retries. */
let receiverSecret = ACCOUNT.secret;
let api: PaymentApi;
let kit: SandboxKit;

beforeAll(async () => {
  ({ db: dashboardDb, dispose: disposeDashboard } = await openTestDashboardDb());
  receiver = await startReceiverServer(dashboardDb, () => ({
    secret: receiverSecret,
    clientId: ACCOUNT.clientId,
  }));
  receiverUrl = receiver.url;

  sandboxRun = await startScratchSandbox("orders_loop_sbx", {
    accounts: [ACCOUNT],
    callbackRetrySchedule: [100, 200],
    dispatcherPollMs: 20,
    rateLimit: 0,
  });
  ({ sandbox } = sandboxRun);
  api = createPaymentApiClient({ baseUrl: sandbox.url, ...ACCOUNT, timeoutMs: 5_000 });
  kit = sandboxKit({ baseUrl: sandbox.url, ...ACCOUNT });
});

afterAll(async () => {
  await sandboxRun?.close();
  await receiver?.close();
  await disposeDashboard();
});

async function waitForStatus(orderId: string, status: string, timeoutMs = 20_000): Promise<void> {
  await vi.waitFor(
    async () => {
      const rows = await dashboardDb.query<{ status: string }>("SELECT status FROM orders WHERE id = $1", [
        orderId,
      ]);
      if (rows[0]?.status !== status)
        throw new Error(`order ${orderId} is "${rows[0]?.status}", not "${status}"`);
    },
    { timeout: timeoutMs, interval: 25 },
  );
}

describe("sandbox → receiver", () => {
  it("marks a pay-in paid through the sandbox control and the signed callback applies it", async () => {
    const order = await insertSandboxOrder(dashboardDb, api, {
      direction: "payin",
      method: "SBP",
      postbackUrl: receiverUrl,
    });

    await api.setSandboxOrderStatus(order.providerOrderId!, "Success");
    await waitForStatus(order.id, "Success");

    const timeline = await listCallbackDeliveriesForOrder(dashboardDb, order.id);
    expect(timeline).toHaveLength(1);
    expect(timeline[0]).toMatchObject({ verified: true, outcome: "applied", status: "Success" });
    expect(timeline[0]?.webhookId).toBeTruthy();
    expect(timeline[0]?.headers["x-signature"]).toMatch(/^[0-9a-f]{64}$/);
    expect(timeline[0]?.headers["webhook-signature"]).toMatch(/^v1,/);
    expect(JSON.parse(timeline[0]?.rawBody ?? "{}")).toMatchObject({
      id: order.providerOrderId,
      paymentId: order.paymentId,
      type: "payin",
      status: "Success",
    });

    const view = await api.getSandboxOrder(order.providerOrderId!);
    expect(view.status).toBe("Success");
  });

  it("fails a pay-out the same way", async () => {
    const order = await insertSandboxOrder(dashboardDb, api, {
      direction: "payout",
      method: "BankAccount",
      postbackUrl: receiverUrl,
    });
    await api.setSandboxOrderStatus(order.providerOrderId!, "Failed");
    await waitForStatus(order.id, "Failed");
    const timeline = await listCallbackDeliveriesForOrder(dashboardDb, order.id);
    expect(timeline.map((d) => d.outcome)).toEqual(["applied"]);
  });

  it("refuses callbacks signed with another secret (401, recorded) until the secrets agree; the sandbox's retry then applies", async () => {
    const order = await insertSandboxOrder(dashboardDb, api, {
      direction: "payin",
      method: "Card",
      postbackUrl: receiverUrl,
    });
    receiverSecret = "a-different-secret";
    try {
      await api.setSandboxOrderStatus(order.providerOrderId!, "Success");
      await vi.waitFor(
        async () => {
          if ((await listCallbackDeliveriesForOrder(dashboardDb, order.id)).length === 0)
            throw new Error("no delivery arrived");
        },
        { timeout: 20_000, interval: 20 },
      );
    } finally {
      receiverSecret = ACCOUNT.secret;
    }
    await waitForStatus(order.id, "Success");
    const timeline = await listCallbackDeliveriesForOrder(dashboardDb, order.id);
    expect(timeline[0]).toMatchObject({ verified: false, outcome: "rejected" });
    expect(timeline.at(-1)).toMatchObject({ verified: true, outcome: "applied" });
    // One event, retried: every delivery carries the same webhook-id.
    expect(new Set(timeline.map((d) => d.webhookId)).size).toBe(1);
  });

  // Issue 9 §1: a receiver that handles callback chaos ends every order right.
  const CHAOS: [string, SandboxChaos, string][] = [
    [
      "every mode but one signature style",
      {
        modes: ["drop", "bad-signature", "duplicate", "out-of-order", "late", "x-signature-only"],
        delayMs: 300,
      },
      "Success",
    ],
    [
      "Standard Webhooks headers only, duplicated and out of order",
      { modes: ["webhook-signature-only", "duplicate", "out-of-order"] },
      "Failed",
    ],
  ];
  it.each(CHAOS)(
    "under callback chaos (%s) the order ends right and stays there",
    async (_, chaos, final) => {
      const order = await insertSandboxOrder(dashboardDb, api, {
        direction: "payin",
        method: "SBP",
        postbackUrl: receiverUrl,
      });
      await kit.setChaos(order.providerOrderId!, chaos);
      await api.setSandboxOrderStatus(order.providerOrderId!, final as "Success" | "Failed");
      const sent = await vi.waitFor(
        async () => {
          const view = await kit.order(order.providerOrderId!);
          if (view.callbacks.length < 2 || view.callbacks.some((c) => c.state !== "delivered"))
            throw new Error("the sandbox is still delivering");
          return view;
        },
        { timeout: 20_000, interval: 25 },
      );
      expect(sent.callbacks.map((c) => c.status)).toEqual([final, "In progress"]);
      await waitForStatus(order.id, final);
      const outcomes = (await listCallbackDeliveriesForOrder(dashboardDb, order.id)).map((d) => d.outcome);
      // Applied once; the copy is a duplicate and the older status stale. No delivery moved it back.
      expect(outcomes.filter((o) => o === "applied")).toHaveLength(1);
      expect(outcomes).toContain("duplicate");
      expect(outcomes).toContain("stale");
      if (chaos.modes.includes("bad-signature")) expect(outcomes).toContain("rejected");
    },
  );
});
