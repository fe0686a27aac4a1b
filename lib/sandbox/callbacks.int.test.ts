import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { callbackPayloadSchema, problemSchema, type SandboxOrder } from "@/lib/contract";
import { samplePayinRequest, samplePayoutRequest } from "@/lib/contract/samples";
import type { Database, DatabaseConfig } from "@/lib/database";
import { createScratchDatabase } from "@/lib/testing/database";
import { type ScratchSandbox, startScratchSandbox } from "@/lib/testing/sandbox-fixture";
import { verify, verifyStandardWebhook } from "@/lib/signing";
import { openSandbox, type RunningSandbox, type SandboxOptions, startSandbox } from "./server";
import {
  type CallbackReceiver,
  signedClient,
  startCallbackReceiver,
  TEST_ACCOUNT,
} from "@/lib/testing/sandbox-http";
import { FAILING_PAYOUT_CARD } from "@/lib/contract";

const FAST = {
  accounts: [TEST_ACCOUNT],
  callbackRetrySchedule: [50, 100, 200],
  dispatcherPollMs: 20,
  expirySweepMs: 50,
  rateLimit: 0,
  slowTriggerMs: 1_500,
} satisfies Omit<SandboxOptions, "database">;

let running: ScratchSandbox | undefined;
let db: Database;
let sandbox: RunningSandbox;
let receiver: CallbackReceiver;
let api: ReturnType<typeof signedClient>;

beforeAll(async () => {
  running = await startScratchSandbox("sandbox_cb", FAST);
  ({ sandbox, db } = running);
  receiver = await startCallbackReceiver();
  api = signedClient(sandbox.url);
});

afterAll(async () => {
  await running?.close();
  await receiver?.close();
});

async function createPayin(overrides: Parameters<typeof samplePayinRequest>[1] = {}, client = api) {
  const res = await client.post(
    "/api/v1/payin/create",
    samplePayinRequest("SBP", { postbackUrl: receiver.url, ...overrides }),
  );
  expect(res.status).toBe(200);
  return (await res.json()) as { id: string; status: string; amount: number };
}

async function view(id: string, client = api): Promise<SandboxOrder> {
  const res = await client.get(`/sandbox/orders/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as SandboxOrder;
}

/** Waits until the callbacks of `id` reach `state` (delivered/failed). */
async function settled(id: string, state: string, client = api): Promise<SandboxOrder> {
  return vi.waitFor(
    async () => {
      const v = await view(id, client);
      if (v.callbacks.length === 0 || v.callbacks.some((c) => c.state !== state))
        throw new Error(`callbacks of ${id} never became ${state}: ${JSON.stringify(v)}`);
      return v;
    },
    // Generous: on a loaded machine the dispatcher's retries can lag well past their backoff.
    { timeout: 20_000, interval: 25 },
  );
}

function callbacksFor(id: string) {
  return receiver.received.filter((r) => JSON.parse(r.body).id === id);
}

async function waitForCallbacks(id: string, count: number) {
  return vi.waitFor(
    () => {
      const received = callbacksFor(id);
      if (received.length < count)
        throw new Error(`expected ${count} callbacks for ${id}, got ${received.length}`);
      return received;
    },
    { timeout: 20_000, interval: 10 },
  );
}

describe("test controls and signed callbacks", () => {
  it("marks an order paid, fires a callback signed both ways, and records the attempt", async () => {
    const order = await createPayin({ amount: 1234.5 });
    const res = await api.post(`/sandbox/orders/${order.id}/status`, { status: "Success" });
    expect(res.status).toBe(200);
    expect(((await res.json()) as SandboxOrder).status).toBe("Success");

    const [cb] = await waitForCallbacks(order.id, 1);
    const payload = callbackPayloadSchema.parse(JSON.parse(cb!.body));
    expect(payload).toMatchObject({ id: order.id, type: "payin", status: "Success", amount: 1234.5 });
    expect(payload.paymentMethod).toBe("SBP");
    expect(payload.country).toBe("RU");
    const h = cb!.headers;
    expect(h["content-type"]).toBe("application/json");
    expect(h["x-client-id"]).toBe(TEST_ACCOUNT.clientId);
    expect(verify(TEST_ACCOUNT.secret, cb!.body, String(h["x-signature"]))).toBe(true);
    const timestamp = Number(h["webhook-timestamp"]);
    expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(10);
    expect(
      verifyStandardWebhook(
        TEST_ACCOUNT.secret,
        String(h["webhook-id"]),
        timestamp,
        cb!.body,
        String(h["webhook-signature"]),
      ),
    ).toBe(true);
    expect(verify("wrong-secret", cb!.body, String(h["x-signature"]))).toBe(false);

    const v = await settled(order.id, "delivered");
    expect(v.callbacks).toHaveLength(1);
    expect(v.callbacks[0]?.webhookId).toBe(h["webhook-id"]);
    expect(v.callbacks[0]?.attempts).toEqual([
      {
        attempt: 1,
        at: expect.any(String),
        durationMs: expect.any(Number),
        statusCode: 200,
        error: null,
        chaos: null,
      },
    ]);
    expect(v.chaos).toBeNull();
    expect(v.callbacks[0]?.chaos).toEqual([]);
  });

  it("a final status never changes: 409", async () => {
    const order = await createPayin();
    expect((await api.post(`/sandbox/orders/${order.id}/status`, { status: "Failed" })).status).toBe(200);
    const res = await api.post(`/sandbox/orders/${order.id}/status`, { status: "Success" });
    expect(res.status).toBe(409);
    expect(problemSchema.parse(await res.json()).detail).toContain("Failed");
    expect((await view(order.id)).status).toBe("Failed");
  });

  it("validates the control body and keeps Expired for pay-ins", async () => {
    const order = await createPayin();
    const bad = await api.post(`/sandbox/orders/${order.id}/status`, { status: "Paid" });
    expect(bad.status).toBe(400);
    expect(problemSchema.parse(await bad.json()).errors?.map((e) => e.path)).toEqual(["status"]);
    const payout = (await (
      await api.post("/api/v1/payout/create", samplePayoutRequest("Card", { postbackUrl: receiver.url }))
    ).json()) as { id: string };
    const res = await api.post(`/sandbox/orders/${payout.id}/status`, { status: "Expired" });
    expect(res.status).toBe(400);
    expect((await api.post(`/sandbox/orders/${payout.id}/status`, { status: "Success" })).status).toBe(200);
    const [cb] = await waitForCallbacks(payout.id, 1);
    expect(JSON.parse(cb!.body)).toMatchObject({ type: "payout", status: "Success", paymentMethod: "Card" });
  });

  it("controls are scoped to the merchant and signed", async () => {
    const order = await createPayin();
    const stranger = await startSandbox({
      ...FAST,
      accounts: [{ clientId: "stranger", secret: "stranger-secret" }],
      database: db,
    });
    try {
      const other = signedClient(stranger.url, { clientId: "stranger", secret: "stranger-secret" });
      expect((await other.get(`/sandbox/orders/${order.id}`)).status).toBe(404);
      expect((await other.post(`/sandbox/orders/${order.id}/status`, { status: "Success" })).status).toBe(
        404,
      );
    } finally {
      await stranger.close();
    }
    const unsigned = await fetch(`${sandbox.url}/sandbox/orders/${order.id}/status`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-client-id": TEST_ACCOUNT.clientId },
      body: JSON.stringify({ status: "Success" }),
    });
    expect(unsigned.status).toBe(401);
    expect((await view(order.id)).status).toBe("In progress");
  });
});

describe("operator page", () => {
  const basic = `Basic ${Buffer.from(`${TEST_ACCOUNT.clientId}:${TEST_ACCOUNT.secret}`).toString("base64")}`;

  it("asks for Basic credentials and refuses wrong ones", async () => {
    const res = await fetch(`${sandbox.url}/sandbox`);
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toContain("Basic");
    const wrong = `Basic ${Buffer.from(`${TEST_ACCOUNT.clientId}:nope`).toString("base64")}`;
    expect((await fetch(`${sandbox.url}/sandbox`, { headers: { authorization: wrong } })).status).toBe(401);
  });

  it("lists the account's orders and moves one by form post", async () => {
    const order = await createPayin();
    const html = await (await fetch(`${sandbox.url}/sandbox`, { headers: { authorization: basic } })).text();
    expect(html).toContain(order.id);
    expect(html).toContain(
      `action="/sandbox/ui/orders/${order.id}/status?account=${encodeURIComponent(TEST_ACCOUNT.clientId)}"`,
    );
    const post = (headers: Record<string, string>) =>
      fetch(`${sandbox.url}/sandbox/ui/orders/${order.id}/status`, {
        method: "POST",
        redirect: "manual",
        body: new URLSearchParams({ status: "Success" }),
        headers: { authorization: basic, ...headers },
      });
    expect((await post({ origin: "https://evil.example" })).status).toBe(403);
    expect((await view(order.id)).status).toBe("In progress");
    const res = await post({ origin: new URL(sandbox.url).origin });
    expect(res.status).toBe(303);
    expect((await view(order.id)).status).toBe("Success");
    await waitForCallbacks(order.id, 1);
  });

  it("names each direction's success: a pay-in is paid, a pay-out is paid out", async () => {
    const payin = await createPayin();
    const payout = (await (
      await api.post("/api/v1/payout/create", samplePayoutRequest("Card", { postbackUrl: receiver.url }))
    ).json()) as { id: string };
    const html = await (await fetch(`${sandbox.url}/sandbox`, { headers: { authorization: basic } })).text();
    const buttonsOf = (id: string) => {
      const row = html.split("<tr>").find((r) => r.includes(`<code>${id}</code>`)) ?? "";
      return [...row.matchAll(/<button>([^<]+)<\/button>/g)].map((m) => m[1]);
    };
    expect(buttonsOf(payin.id)).toEqual(["Mark paid", "Fail", "Expire"]);
    expect(buttonsOf(payout.id)).toEqual(["Mark paid out", "Fail"]);
  });

  it("escapes what it shows", async () => {
    const account = { clientId: `<b id="x">'&`, secret: "operator-secret" };
    const other = await openSandbox({ ...FAST, accounts: [account], database: db });
    const auth = `Basic ${Buffer.from(`${account.clientId}:${account.secret}`).toString("base64")}`;
    const res = await other.app.fetch(
      new Request("http://sandbox.test/sandbox", { headers: { authorization: auth } }),
    );
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<code>&lt;b id=&quot;x&quot;&gt;&#39;&amp;</code>");
    expect(html).not.toContain('<b id="x">');
  });

  it("refuses a form post that cannot show it comes from this page, as a problem", async () => {
    const order = await createPayin();
    const post = (headers: Record<string, string>) =>
      fetch(`${sandbox.url}/sandbox/ui/orders/${order.id}/status`, {
        method: "POST",
        redirect: "manual",
        body: new URLSearchParams({ status: "Success" }),
        headers: { authorization: basic, ...headers },
      });
    const refused: Record<string, string>[] = [
      {},
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
    ];
    for (const headers of refused) {
      const res = await post(headers);
      expect(res.status).toBe(403);
      expect(res.headers.get("content-type")).toContain("application/problem+json");
      expect(problemSchema.parse(await res.json()).type).toBe("urn:payorders:problem:forbidden");
    }
    expect((await view(order.id)).status).toBe("In progress");
    expect((await post({ "sec-fetch-site": "same-origin" })).status).toBe(303);
    expect((await view(order.id)).status).toBe("Success");
  });
});

describe("retries", () => {
  it("retries after receiver failures with the same event, then succeeds", async () => {
    const order = await createPayin();
    receiver.respondWith([500, 503], order.id);
    await api.post(`/sandbox/orders/${order.id}/status`, { status: "Success" });
    const calls = await waitForCallbacks(order.id, 3);
    expect(new Set(calls.map((c) => c.headers["webhook-id"])).size).toBe(1);
    expect(new Set(calls.map((c) => c.body)).size).toBe(1);
    // Backoff: ~50 ms then ~100 ms (±20%).
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(35);
    expect(calls[2]!.at - calls[1]!.at).toBeGreaterThanOrEqual(75);
    const v = await settled(order.id, "delivered");
    expect(v.callbacks[0]?.attempts.map((a) => a.statusCode)).toEqual([500, 503, 200]);
    expect(v.callbacks[0]?.attempts[0]?.error).toBe("HTTP 500");
  });

  it("gives up after the bounded number of attempts", async () => {
    const order = await createPayin();
    receiver.respondWith([500, 500, 500, 500, 500, 500], order.id);
    await api.post(`/sandbox/orders/${order.id}/status`, { status: "Failed" });
    const v = await settled(order.id, "failed");
    expect(v.callbacks[0]?.attempts.map((a) => a.statusCode)).toEqual([500, 500, 500, 500]);
    receiver.respondWith([]);
  });

  it("records a connection error as an attempt", async () => {
    const closed = await startCallbackReceiver();
    const url = closed.url;
    await closed.close();
    const order = await createPayin({ postbackUrl: url });
    await api.post(`/sandbox/orders/${order.id}/status`, { status: "Success" });
    const v = await settled(order.id, "failed");
    expect(v.callbacks[0]?.attempts).toHaveLength(4);
    expect(v.callbacks[0]?.attempts[0]?.statusCode).toBeNull();
    expect(v.callbacks[0]?.attempts[0]?.error).toMatch(/fetch failed|ECONNREFUSED/);
  });
});

describe("deterministic triggers", () => {
  it.each([
    [100.13, "Failed"],
    [100.14, "Success"],
    [100.15, "Expired"],
  ])("pay-in amount %s answers In progress, then moves to %s with a callback", async (amount, status) => {
    const order = await createPayin({ amount });
    expect(order.status).toBe("In progress");
    const [cb] = await waitForCallbacks(order.id, 1);
    expect(JSON.parse(cb!.body).status).toBe(status);
    expect((await view(order.id)).status).toBe(status);
  });

  it("a pay-out to the failing card fails", async () => {
    const res = await api.post(
      "/api/v1/payout/create",
      samplePayoutRequest("Card", {
        postbackUrl: receiver.url,
        payoutDetails: { ccNo: FAILING_PAYOUT_CARD },
      }),
    );
    const { id } = (await res.json()) as { id: string };
    const [cb] = await waitForCallbacks(id, 1);
    expect(JSON.parse(cb!.body)).toMatchObject({ type: "payout", status: "Failed" });
  });

  it("amount .55: the first create is a 500 and creates nothing; the retry creates the order", async () => {
    const req = samplePayinRequest("Card", { amount: 200.55 });
    const first = await api.post("/api/v1/payin/create", req);
    expect(first.status).toBe(500);
    expect(problemSchema.parse(await first.json()).status).toBe(500);
    const count = async () =>
      (
        await db.query<{ n: number }>("SELECT count(*)::int AS n FROM sandbox_orders WHERE payment_id = $1", [
          req.paymentId,
        ])
      )[0]?.n;
    expect(await count()).toBe(0);
    const second = await api.post("/api/v1/payin/create", req);
    expect(second.status).toBe(200);
    const third = await api.post("/api/v1/payin/create", req);
    expect(await third.json()).toEqual(await second.json());
    expect(await count()).toBe(1);
  });

  it("amount .56: the first create is slow, a replay is fast and returns the same order", async () => {
    const req = samplePayinRequest("Card", { amount: 200.56 });
    const t0 = Date.now();
    const first = await api.post("/api/v1/payin/create", req);
    const firstMs = Date.now() - t0;
    expect(firstMs).toBeGreaterThanOrEqual(FAST.slowTriggerMs - 50);
    const t1 = Date.now();
    const replay = await api.post("/api/v1/payin/create", req);
    // Not held: faster than the first by most of the hold (relative, so a busy machine slows both alike).
    expect(Date.now() - t1).toBeLessThan(firstMs - FAST.slowTriggerMs / 2);
    expect(await replay.json()).toEqual(await first.json());
  });
});

describe("expiry", () => {
  it("expires unpaid pay-ins at expiresAt with a callback; pay-outs never expire", async () => {
    const short = await startSandbox({ ...FAST, database: db, expiryMinutes: 0.01 });
    try {
      const client = signedClient(short.url);
      const order = await createPayin({}, client);
      const created = await view(order.id, client);
      expect(created.status).toBe("In progress");
      const payout = (await (
        await client.post("/api/v1/payout/create", samplePayoutRequest("SBP", { postbackUrl: receiver.url }))
      ).json()) as { id: string };
      const [cb] = await waitForCallbacks(order.id, 1);
      expect(JSON.parse(cb!.body).status).toBe("Expired");
      const expiredAt = Date.parse(JSON.parse(cb!.body).updatedAt);
      const body = (await (await client.get(`/sandbox/orders/${order.id}`)).json()) as { expiresAt: string };
      expect(expiredAt).toBeGreaterThanOrEqual(Date.parse(body.expiresAt));
      expect((await view(payout.id, client)).status).toBe("In progress");
      expect((await client.post(`/sandbox/orders/${order.id}/status`, { status: "Success" })).status).toBe(
        409,
      );
    } finally {
      await short.close();
    }
  });
});

describe("restart", () => {
  it("resumes a pending delivery after the sandbox restarts on the same database", async () => {
    // A database of its own: a sandbox already running on the same one (this file's) would claim the
    // delivery with its own retry schedule. PostgreSQL: each sandbox opens and closes its own pool on the
    // URL. PGlite: one in-memory database handed to both in turn. Either way the dispatcher, its timers and
    // all in-process state are gone between the two instances.
    const restartScratch = await createScratchDatabase("sandbox_restart", "sandbox");
    const handedOver = restartScratch.url ? undefined : await restartScratch.open();
    const config: DatabaseConfig | Database = handedOver ?? { url: restartScratch.url! };
    const local = await startCallbackReceiver();
    try {
      // The retry is due a minute after the failure (±20 %), so the first sandbox never reaches it however
      // slow the machine; the second runs its clock 90 s ahead, so the pending retry is due as it starts.
      const options = { ...FAST, database: config, callbackRetrySchedule: [60_000] };
      local.respondWith([500]);
      const first = await startSandbox(options);
      const client1 = signedClient(first.url);
      const res = await client1.post(
        "/api/v1/payin/create",
        samplePayinRequest("QRNSPK", { postbackUrl: local.url, amount: 321.14 }),
      );
      const { id } = (await res.json()) as { id: string };
      await local.waitFor(1);
      // Close once the failed attempt is on record, so the delivery is pending with its retry due later.
      await vi.waitFor(
        async () => {
          const attempts = (await view(id, client1)).callbacks[0]?.attempts.length;
          if (attempts !== 1) throw new Error(`${attempts ?? 0} attempts on record, not 1`);
        },
        { timeout: 20_000, interval: 10 },
      );
      await first.close();
      expect(local.received).toHaveLength(1);

      const second = await startSandbox({ ...options, now: () => new Date(Date.now() + 90_000) });
      try {
        const received = await local.waitFor(2);
        expect(JSON.parse(received[1]!.body)).toMatchObject({ id, status: "Success" });
        expect(received[1]!.headers["webhook-id"]).toBe(received[0]!.headers["webhook-id"]);
        const v = await settled(id, "delivered", signedClient(second.url));
        expect(v.callbacks[0]?.attempts.map((a) => a.statusCode)).toEqual([500, 200]);
      } finally {
        await second.close();
      }
    } finally {
      await local.close();
      await handedOver?.close();
      await restartScratch.drop();
    }
  });
});
