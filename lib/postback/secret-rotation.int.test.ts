/**
 * Rotating the signing secret without downtime, over real HTTP: the sandbox holds the current and the next
 * secret of an account (requests signed with either pass; callbacks carry a webhook-signature made with
 * each), and the dashboard's receiver, moved to the new secret, still accepts the old one as its previous
 * secret (PAYMENT_API_PREVIOUS_SECRET) until the service has moved too.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { samplePayinRequest } from "@/lib/contract/samples";
import type { Database } from "@/lib/database";
import { listCallbackDeliveriesForOrder } from "@/lib/database/dashboard/queries/callback-deliveries";
import { createPaymentApiClient } from "@/lib/payment-api";
import type { RunningSandbox } from "@/lib/sandbox/server";
import { sign, verify, verifyStandardWebhook } from "@/lib/signing";
import { type ScratchSandbox, startScratchSandbox } from "@/lib/testing/sandbox-fixture";
import { type CallbackReceiver, signedClient, startCallbackReceiver } from "@/lib/testing/sandbox-http";
import { type PostbackServer, startReceiverServer } from "@/lib/testing/postback-server";
import { insertSandboxOrder, openTestDashboardDb } from "@/lib/testing/test-orders";

const OLD = "rotation-old-secret-0123";
const NEW = "rotation-new-secret-4567";
const ACCOUNT = { clientId: "rotating-merchant", secret: OLD, nextSecret: NEW };
/** The merchant's client, moved to the new secret (which the service accepts as the account's next one). */
const client = () =>
  createPaymentApiClient({
    baseUrl: sandbox.url,
    clientId: ACCOUNT.clientId,
    secret: NEW,
    timeoutMs: 10_000,
  });

let sandboxRun: ScratchSandbox | undefined;
let sandbox: RunningSandbox;
let recorder: CallbackReceiver;
let dashboardDb: Database;
let disposeDashboard: () => Promise<void> = async () => {};
let receiver: PostbackServer | undefined;
let receiverUrl: string;
/** What the dashboard's receiver is configured with: a test switches it. */
let receiverSecrets: { secret: string; previousSecret?: string } = { secret: NEW, previousSecret: OLD };

beforeAll(async () => {
  sandboxRun = await startScratchSandbox("rotation_sbx", {
    accounts: [ACCOUNT],
    callbackRetrySchedule: [100, 200],
    callbackMaxAttempts: 3,
    dispatcherPollMs: 20,
    rateLimit: 0,
  });
  ({ sandbox } = sandboxRun);
  recorder = await startCallbackReceiver();

  ({ db: dashboardDb, dispose: disposeDashboard } = await openTestDashboardDb());
  receiver = await startReceiverServer(dashboardDb, () => ({
    ...receiverSecrets,
    clientId: ACCOUNT.clientId,
  }));
  receiverUrl = receiver.url;
});

afterAll(async () => {
  await sandboxRun?.close();
  await recorder?.close();
  await receiver?.close();
  await disposeDashboard();
});

describe("an account with a next secret", () => {
  it("accepts requests signed with either secret, and no other", async () => {
    for (const secret of [OLD, NEW]) {
      const res = await signedClient(sandbox.url, { clientId: ACCOUNT.clientId, secret }).post(
        "/api/v1/payin/create",
        samplePayinRequest("SBP", { postbackUrl: recorder.url }),
      );
      expect(res.status, secret).toBe(200);
    }
    const stranger = await signedClient(sandbox.url, {
      clientId: ACCOUNT.clientId,
      secret: "some-other-secret-89",
    }).post("/api/v1/payin/create", samplePayinRequest("SBP", { postbackUrl: recorder.url }));
    expect(stranger.status).toBe(401);
  });

  it("signs callbacks with both: X-Signature with the current one, a webhook-signature with each", async () => {
    const api = client();
    const created = await api.createPayin(samplePayinRequest("QRNSPK", { postbackUrl: recorder.url }));
    const before = recorder.received.length;
    await api.setSandboxOrderStatus(created.id, "Success");
    const received = await recorder.waitFor(before + 1);
    const callback = received.find((r) => (JSON.parse(r.body) as { id: string }).id === created.id);
    expect(callback).toBeDefined();
    const h = callback!.headers as Record<string, string>;
    expect(h["x-signature"]).toBe(sign(OLD, callback!.body));
    expect(verify(NEW, callback!.body, h["x-signature"]!)).toBe(false);
    const signatures = h["webhook-signature"]!.split(" ");
    expect(signatures).toHaveLength(2);
    const timestamp = Number(h["webhook-timestamp"]);
    for (const secret of [OLD, NEW]) {
      expect(
        verifyStandardWebhook(secret, h["webhook-id"]!, timestamp, callback!.body, h["webhook-signature"]!),
      ).toBe(true);
    }
  });
});

describe("the dashboard's receiver during a rotation", () => {
  async function paidOrder() {
    const api = client();
    const order = await insertSandboxOrder(dashboardDb, api, {
      direction: "payin",
      method: "SBP",
      postbackUrl: receiverUrl,
    });
    await api.setSandboxOrderStatus(order.providerOrderId!, "Success");
    return order;
  }

  it("on the new secret with the old one as previous: the callback verifies and applies", async () => {
    receiverSecrets = { secret: NEW, previousSecret: OLD };
    const order = await paidOrder();
    await vi.waitFor(
      async () => {
        const [delivery] = await listCallbackDeliveriesForOrder(dashboardDb, order.id);
        expect(delivery).toMatchObject({ verified: true, outcome: "applied", status: "Success" });
      },
      { timeout: 20_000, interval: 25 },
    );
  });

  it("on the new secret alone it refuses them (X-Signature is still the old secret's)", async () => {
    receiverSecrets = { secret: NEW };
    try {
      const order = await paidOrder();
      await vi.waitFor(
        async () => {
          const deliveries = await listCallbackDeliveriesForOrder(dashboardDb, order.id);
          expect(deliveries.length).toBeGreaterThanOrEqual(1);
          for (const d of deliveries) {
            expect(d).toMatchObject({
              verified: false,
              verificationError: "X-Signature does not match the body",
            });
          }
          const attempts = (await client().getSandboxOrder(order.providerOrderId!)).callbacks[0]?.attempts;
          expect(attempts?.length).toBeGreaterThanOrEqual(1);
          expect(attempts?.every((a) => a.statusCode === 401)).toBe(true);
        },
        { timeout: 20_000, interval: 50 },
      );
      const [row] = await dashboardDb.query<{ status: string }>("SELECT status FROM orders WHERE id = $1", [
        order.id,
      ]);
      expect(row?.status).toBe("In progress");
    } finally {
      receiverSecrets = { secret: NEW, previousSecret: OLD };
    }
  });
});
