/**
 * "Send this callback again" (issue 9 §4), over HTTP on the TEST_DB backend: a past callback of an order is
 * delivered once more, the same message signed afresh, from the API and from the operator page.
 */
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { samplePayinRequest } from "@/lib/contract/samples";
import { sign, verifyStandardWebhook } from "@/lib/signing";
import { type ScratchSandbox, startScratchSandbox } from "@/lib/testing/sandbox-fixture";
import {
  type CallbackReceiver,
  signedClient,
  startCallbackReceiver,
  TEST_ACCOUNT,
} from "@/lib/testing/sandbox-http";
import type { RunningSandbox } from "./server";

const OTHER = { clientId: "resend-other", secret: "resend-other-secret-1" };

let running: ScratchSandbox | undefined;
let sandbox: RunningSandbox;
let receiver: CallbackReceiver;
let api: ReturnType<typeof signedClient>;

beforeAll(async () => {
  running = await startScratchSandbox("sandbox_resend", {
    accounts: [TEST_ACCOUNT, OTHER],
    callbackRetrySchedule: [50, 100],
    dispatcherPollMs: 20,
    rateLimit: 0,
  });
  ({ sandbox } = running);
  receiver = await startCallbackReceiver();
  api = signedClient(sandbox.url);
});

afterAll(async () => {
  await running?.close();
  await receiver?.close();
});

interface OrderView {
  callbacks: Array<{ webhookId: string; state: string; attemptCount: number; body: string }>;
}

/** A paid pay-in whose one callback has reached the receiver and is recorded as delivered. */
async function paidOrder(): Promise<{ id: string; webhookId: string }> {
  const res = await api.post(
    "/api/v1/payin/create",
    samplePayinRequest("SBP", { postbackUrl: receiver.url }),
  );
  expect(res.status).toBe(200);
  const { id } = (await res.json()) as { id: string };
  const before = receiver.received.length;
  expect((await api.post(`/sandbox/orders/${id}/status`, { status: "Success" })).status).toBe(200);
  await receiver.waitFor(before + 1);
  // The receiver has the callback before the sandbox has recorded the answer: until then the delivery is in
  // flight and a resend is refused (409). On a loaded machine that gap is long enough to hit.
  const view = await vi.waitFor(
    async () => {
      const v = (await (await api.get(`/sandbox/orders/${id}`)).json()) as OrderView;
      expect(v.callbacks[0]?.state).toBe("delivered");
      return v;
    },
    { timeout: 20_000 },
  );
  return { id, webhookId: view.callbacks[0]!.webhookId };
}

const deliveriesOf = (webhookId: string) =>
  receiver.received.filter((r) => r.headers["webhook-id"] === webhookId);

describe("POST /sandbox/orders/{id}/callbacks/{callbackId}/resend", () => {
  it("delivers the same message again, signed afresh, and records the attempt", async () => {
    const { id, webhookId } = await paidOrder();
    await vi.waitFor(() => expect(deliveriesOf(webhookId)).toHaveLength(1), { timeout: 20_000 });

    const res = await api.post(`/sandbox/orders/${id}/callbacks/${webhookId}/resend`, {});
    expect(res.status).toBe(200);
    await vi.waitFor(() => expect(deliveriesOf(webhookId)).toHaveLength(2), { timeout: 20_000 });

    const [first, again] = deliveriesOf(webhookId);
    expect(again!.body).toBe(first!.body);
    expect(again!.headers["x-signature"]).toBe(sign(TEST_ACCOUNT.secret, again!.body));
    const h = again!.headers as Record<string, string>;
    expect(
      verifyStandardWebhook(
        TEST_ACCOUNT.secret,
        webhookId,
        Number(h["webhook-timestamp"]),
        again!.body,
        h["webhook-signature"]!,
      ),
    ).toBe(true);
    await vi.waitFor(
      async () => {
        const view = (await (await api.get(`/sandbox/orders/${id}`)).json()) as OrderView;
        expect(view.callbacks).toHaveLength(1);
        expect(view.callbacks[0]).toMatchObject({ webhookId, state: "delivered", attemptCount: 2 });
      },
      { timeout: 20_000 },
    );
  });

  it("404 for a callback the order does not have, a malformed id, or another account's order", async () => {
    const { id, webhookId } = await paidOrder();
    const unknown = await api.post(`/sandbox/orders/${id}/callbacks/${crypto.randomUUID()}/resend`, {});
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { detail: string }).detail).toMatch(/has no callback/);
    expect((await api.post(`/sandbox/orders/${id}/callbacks/not-a-uuid/resend`, {})).status).toBe(404);
    const other = signedClient(sandbox.url, OTHER);
    expect((await other.post(`/sandbox/orders/${id}/callbacks/${webhookId}/resend`, {})).status).toBe(404);
    // Nothing was sent again.
    await new Promise((r) => setTimeout(r, 300));
    expect(deliveriesOf(webhookId)).toHaveLength(1);
  });

  it("409 while an attempt of that callback is in flight", async () => {
    const held: ServerResponse[] = [];
    const silent = createServer((_req, res) => held.push(res));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/postback`;
      const res = await api.post("/api/v1/payin/create", samplePayinRequest("SBP", { postbackUrl: url }));
      const { id } = (await res.json()) as { id: string };
      await api.post(`/sandbox/orders/${id}/status`, { status: "Success" });
      await vi.waitFor(() => expect(held).toHaveLength(1), { timeout: 20_000 });
      const view = (await (await api.get(`/sandbox/orders/${id}`)).json()) as OrderView;
      const busy = await api.post(
        `/sandbox/orders/${id}/callbacks/${view.callbacks[0]!.webhookId}/resend`,
        {},
      );
      expect(busy.status).toBe(409);
      expect(((await busy.json()) as { detail: string }).detail).toMatch(/being delivered now/);
    } finally {
      for (const res of held) res.destroy();
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it("refuses a body that is not an object, and an unsigned call", async () => {
    const { id, webhookId } = await paidOrder();
    const bad = await api.post(`/sandbox/orders/${id}/callbacks/${webhookId}/resend`, "[]");
    expect(bad.status).toBe(400);
    const unsigned = await fetch(`${sandbox.url}/sandbox/orders/${id}/callbacks/${webhookId}/resend`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-client-id": TEST_ACCOUNT.clientId },
      body: "{}",
    });
    expect(unsigned.status).toBe(401);
    expect(deliveriesOf(webhookId)).toHaveLength(1);
  });
});

describe("the operator page's Send callback again", () => {
  const basic = `Basic ${Buffer.from(`${TEST_ACCOUNT.clientId}:${TEST_ACCOUNT.secret}`).toString("base64")}`;

  it("lists the button on a final order and resends its latest callback", async () => {
    const { id, webhookId } = await paidOrder();
    const page = await (await fetch(`${sandbox.url}/sandbox`, { headers: { authorization: basic } })).text();
    expect(page).toContain(
      `action="/sandbox/ui/orders/${id}/callbacks/resend?account=${encodeURIComponent(TEST_ACCOUNT.clientId)}"`,
    );

    const res = await fetch(`${sandbox.url}/sandbox/ui/orders/${id}/callbacks/resend`, {
      method: "POST",
      redirect: "manual",
      headers: {
        authorization: basic,
        origin: sandbox.url,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "",
    });
    expect(res.status).toBe(303);
    await vi.waitFor(() => expect(deliveriesOf(webhookId)).toHaveLength(2), { timeout: 20_000 });
  });

  it("refuses a cross-origin form post", async () => {
    const { id, webhookId } = await paidOrder();
    const res = await fetch(`${sandbox.url}/sandbox/ui/orders/${id}/callbacks/resend`, {
      method: "POST",
      redirect: "manual",
      headers: {
        authorization: basic,
        origin: "https://evil.example",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "",
    });
    expect(res.status).toBe(403);
    expect(deliveriesOf(webhookId)).toHaveLength(1);
  });
});
