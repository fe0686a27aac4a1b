/**
 * The account's clock (issue 9 §2) over HTTP, on the TEST_DB backend: it starts at the real time, moves
 * only forwards and only for its account; order times, expiry of unpaid pay-ins and callback retries run
 * on it, so "paid at minute 14, expired at 15" and "the retry after 10 minutes" take milliseconds.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { samplePayinRequest } from "@/lib/contract/samples";
import { type ScratchSandbox, startScratchSandbox } from "@/lib/testing/sandbox-fixture";
import {
  type CallbackReceiver,
  type SignedClient,
  signedClient,
  startCallbackReceiver,
  TEST_ACCOUNT,
} from "@/lib/testing/sandbox-http";
import { RETRY_JITTER } from "./dispatcher";
import type { RunningSandbox } from "./server";

const OTHER_ACCOUNT = { clientId: "clock-other-merchant", secret: "clock-other-secret-1" };
const MINUTE = 60_000;
const RETRY_AFTER_MS = 10 * MINUTE;

let scratch: ScratchSandbox;
let sandbox: RunningSandbox;
let receiver: CallbackReceiver;
let api: SignedClient;
let other: SignedClient;

beforeAll(async () => {
  scratch = await startScratchSandbox("sandbox_clock", {
    accounts: [TEST_ACCOUNT, OTHER_ACCOUNT],
    callbackRetrySchedule: [RETRY_AFTER_MS],
    dispatcherPollMs: 20,
    // The timer's sweep would not find them due for an hour: only the clock's move expires them.
    expirySweepMs: 60 * MINUTE,
    rateLimit: 0,
  });
  sandbox = scratch.sandbox;
  receiver = await startCallbackReceiver();
  api = signedClient(sandbox.url);
  other = signedClient(sandbox.url, OTHER_ACCOUNT);
});

afterAll(async () => {
  await scratch?.close();
  await receiver?.close();
});

interface Clock {
  now: string;
  offsetMs: number;
}

async function clockOf(client: SignedClient): Promise<Clock> {
  const res = await client.get("/sandbox/clock");
  expect(res.status).toBe(200);
  return (await res.json()) as Clock;
}

async function advance(body: unknown, client = api): Promise<Clock> {
  const res = await client.post("/sandbox/clock", body);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Clock;
}

async function refused(body: unknown): Promise<{ path: string; message: string }[]> {
  const res = await api.post("/sandbox/clock", body);
  expect(res.status).toBe(400);
  return ((await res.json()) as { errors: { path: string; message: string }[] }).errors;
}

async function order(id: string) {
  const res = await api.get(`/sandbox/orders/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as {
    status: string;
    createdAt: string;
    updatedAt: string;
    expiresAt: string | null;
    callbacks: { state: string; attemptCount: number; body: string; nextAttemptAt: string | null }[];
  };
}

async function createPayin(postbackUrl?: string): Promise<string> {
  const res = await api.post("/api/v1/payin/create", samplePayinRequest("SBP", { postbackUrl }));
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

describe("the account's clock", () => {
  it("starts at the real time and moves forwards only, for its own account", async () => {
    const start = await clockOf(api);
    expect(start.offsetMs).toBe(0);
    expect(Math.abs(Date.parse(start.now) - Date.now())).toBeLessThan(5_000);

    const moved = await advance({ advanceSeconds: 90 });
    expect(moved.offsetMs).toBe(90_000);
    expect(Date.parse(moved.now) - Date.now()).toBeGreaterThan(85_000);
    const to = new Date(Date.parse(moved.now) + 30_000).toISOString();
    expect((await advance({ to })).offsetMs).toBeGreaterThanOrEqual(119_000);
    expect((await clockOf(other)).offsetMs).toBe(0);

    const before = (await clockOf(api)).offsetMs;
    expect(await refused({ advanceSeconds: -5 })).toEqual([
      { path: "advanceSeconds", message: "Must be more than 0: the clock only moves forwards" },
    ]);
    expect((await refused({ advanceSeconds: "60" }))[0]?.path).toBe("advanceSeconds");
    expect((await refused({ to: "yesterday" }))[0]?.path).toBe("to");
    const earlier = await refused({ to: new Date().toISOString() });
    expect(earlier[0]?.path).toBe("to");
    expect(earlier[0]?.message).toMatch(/^Must not be earlier than the account's time now/);
    expect((await refused({}))[0]?.message).toBe("Give advanceSeconds or to (exactly one)");
    expect((await refused({ advanceSeconds: 1, to }))[0]?.message).toBe(
      "Give advanceSeconds or to (exactly one)",
    );
    expect((await clockOf(api)).offsetMs).toBe(before);
  });

  it("times orders on it: paid at minute 14, another expired at 15 as soon as the clock gets there", async () => {
    const paid = await createPayin(receiver.url);
    const unpaid = await createPayin(receiver.url);
    const created = await order(unpaid);
    const clockNow = Date.parse((await clockOf(api)).now);
    expect(Math.abs(Date.parse(created.createdAt) - clockNow)).toBeLessThan(5_000);
    expect(Date.parse(created.expiresAt ?? "") - Date.parse(created.createdAt)).toBe(15 * MINUTE);

    await advance({ advanceSeconds: 14 * 60 });
    expect((await order(unpaid)).status).toBe("In progress");
    const res = await api.post(`/sandbox/orders/${paid}/status`, { status: "Success" });
    expect(res.status).toBe(200);
    const paidAt = Date.parse(((await res.json()) as { updatedAt: string }).updatedAt);
    expect(paidAt - Date.parse(created.createdAt)).toBeGreaterThanOrEqual(14 * MINUTE);

    await advance({ advanceSeconds: 61 });
    const expired = await order(unpaid);
    expect(expired.status).toBe("Expired");
    expect(Date.parse(expired.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.expiresAt ?? ""));
    await vi.waitFor(
      () => {
        const bodies = receiver.received.map((r) => JSON.parse(r.body) as { id: string; status: string });
        expect(bodies).toContainEqual(expect.objectContaining({ id: unpaid, status: "Expired" }));
        expect(bodies).toContainEqual(expect.objectContaining({ id: paid, status: "Success" }));
      },
      { timeout: 20_000 },
    );
  });

  it("leaves other accounts' pay-ins to their own clocks", async () => {
    const res = await other.post("/api/v1/payin/create", samplePayinRequest("SBP"));
    expect(res.status).toBe(200);
    const id = ((await res.json()) as { id: string }).id;
    await advance({ advanceSeconds: 20 * 60 });
    const theirs = await other.get(`/sandbox/orders/${id}`);
    expect(((await theirs.json()) as { status: string }).status).toBe("In progress");
  });

  it("brings a callback's retry forwards: the retry 10 minutes (± jitter) on is sent once the clock gets there", async () => {
    const id = await createPayin(receiver.url);
    receiver.respondWith([500], id);
    await api.post(`/sandbox/orders/${id}/status`, { status: "Success" });
    await vi.waitFor(async () => expect((await order(id)).callbacks[0]?.attemptCount).toBe(1), {
      timeout: 20_000,
    });
    const waiting = (await order(id)).callbacks[0];
    expect(waiting?.state).toBe("pending");
    await new Promise((r) => setTimeout(r, 300));
    expect((await order(id)).callbacks[0]?.attemptCount).toBe(1);

    // The retry is due 10 minutes ± the jitter after the failure: not yet before the earliest it can be…
    await advance({ advanceSeconds: (RETRY_AFTER_MS * (1 - RETRY_JITTER)) / 1000 - 30 });
    await new Promise((r) => setTimeout(r, 300));
    expect((await order(id)).callbacks[0]).toMatchObject({ state: "pending", attemptCount: 1 });
    // …and sent once the clock passes the latest it can be.
    await advance({ advanceSeconds: (RETRY_AFTER_MS * 2 * RETRY_JITTER) / 1000 + 60 });
    await vi.waitFor(
      async () =>
        expect((await order(id)).callbacks[0]).toMatchObject({ state: "delivered", attemptCount: 2 }),
      { timeout: 20_000 },
    );
  });
});
