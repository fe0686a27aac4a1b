/**
 * Callback chaos (issue 9 §1) over HTTP, on the TEST_DB backend: each mode, chosen per request (the
 * X-Sandbox-Chaos header), per order (POST /sandbox/orders/{id}/chaos) and per account (configuration),
 * delivered to a real HTTP receiver; the order's record says what was done on purpose; a seed replays.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SandboxChaos, SandboxOrder } from "@/lib/contract";
import { samplePayinRequest } from "@/lib/contract/samples";
import { verify, verifyStandardWebhook } from "@/lib/signing";
import { type ScratchSandbox, startScratchSandbox } from "@/lib/testing/sandbox-fixture";
import {
  type CallbackReceiver,
  type ReceivedCallback,
  signedClient,
  startCallbackReceiver,
  TEST_ACCOUNT,
} from "@/lib/testing/sandbox-http";
import { type SandboxKit, type SandboxKitError, sandboxKit } from "./kit";
import type { RunningSandbox } from "./server";

const CHAOS_ACCOUNT = {
  clientId: "chaos-merchant",
  secret: "chaos-secret-0123456789",
  chaos: { modes: ["duplicate"], seed: 5 } satisfies SandboxChaos,
};
const TWIN_ACCOUNT = { clientId: "chaos-twin", secret: "chaos-twin-secret-012345" };
const RETRY_MS = 100;

let scratch: ScratchSandbox;
let sandbox: RunningSandbox;
let receiver: CallbackReceiver;
let kit: SandboxKit;
let chaosKit: SandboxKit;

beforeAll(async () => {
  scratch = await startScratchSandbox("sandbox_chaos", {
    accounts: [TEST_ACCOUNT, CHAOS_ACCOUNT],
    callbackRetrySchedule: [RETRY_MS],
    callbackMaxAttempts: 4,
    dispatcherPollMs: 20,
    rateLimit: 0,
  });
  sandbox = scratch.sandbox;
  receiver = await startCallbackReceiver();
  kit = sandboxKit({ baseUrl: sandbox.url, ...TEST_ACCOUNT });
  chaosKit = sandboxKit({ baseUrl: sandbox.url, ...CHAOS_ACCOUNT });
});

afterAll(async () => {
  await scratch?.close();
  await receiver?.close();
});

/** A pay-in with this chaos, marked paid; resolves once every callback of it is final. */
async function paidWithChaos(chaos: SandboxChaos | undefined, k = kit): Promise<SandboxOrder> {
  const order = await k.createPayin(samplePayinRequest("SBP", { postbackUrl: receiver.url }), { chaos });
  await k.markPaid(order.id);
  return settled(order.id, k);
}

async function settled(id: string, k = kit): Promise<SandboxOrder> {
  return vi.waitFor(
    async () => {
      const view = await k.order(id);
      if (view.callbacks.length === 0 || view.callbacks.some((c) => c.state === "pending"))
        throw new Error(`callbacks of ${id} still pending`);
      return view;
    },
    { timeout: 20_000, interval: 25 },
  );
}

/** What the receiver got for this order, in arrival order. */
function receivedFor(orderId: string): ReceivedCallback[] {
  return receiver.received.filter((r) => (JSON.parse(r.body) as { id: string }).id === orderId);
}

function header(r: ReceivedCallback, name: string): string | undefined {
  const value = r.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Which signatures of a delivery verify with the account's secret. */
function signatures(r: ReceivedCallback, secret = TEST_ACCOUNT.secret) {
  const x = header(r, "x-signature");
  const wh = header(r, "webhook-signature");
  return {
    x: x === undefined ? "absent" : verify(secret, r.body, x) ? "valid" : "invalid",
    webhook:
      wh === undefined
        ? "absent"
        : verifyStandardWebhook(
              secret,
              header(r, "webhook-id") ?? "",
              Number(header(r, "webhook-timestamp")),
              r.body,
              wh,
            )
          ? "valid"
          : "invalid",
  };
}

describe("callback chaos, per request (X-Sandbox-Chaos)", () => {
  it("duplicate: the same message twice, byte for byte, and the record says which was the copy", async () => {
    const view = await paidWithChaos({ modes: ["duplicate"] });
    await vi.waitFor(() => expect(receivedFor(view.id)).toHaveLength(2));
    const [first, second] = receivedFor(view.id);
    expect(second?.body).toBe(first?.body);
    for (const name of ["webhook-id", "webhook-timestamp", "webhook-signature", "x-signature"])
      expect(header(second!, name)).toBe(header(first!, name));
    expect(signatures(first!)).toEqual({ x: "valid", webhook: "valid" });
    expect(view.callbacks).toHaveLength(1);
    expect(view.callbacks[0]).toMatchObject({ state: "delivered", chaos: ["duplicate"], attemptCount: 2 });
    expect(view.callbacks[0]?.attempts.map((a) => [a.statusCode, a.chaos])).toEqual([
      [200, null],
      [200, "duplicate"],
    ]);
    expect(view.chaos).toMatchObject({ modes: ["duplicate"], probability: 1 });
    expect(view.chaos?.seed).toEqual(expect.any(Number));
  });

  it("out-of-order: after the final status, a correctly signed older status (In progress) follows it", async () => {
    const view = await paidWithChaos({ modes: ["out-of-order"] });
    await vi.waitFor(() => expect(receivedFor(view.id)).toHaveLength(2));
    const [newer, older] = receivedFor(view.id).map((r) => ({
      r,
      body: JSON.parse(r.body) as { status: string; updatedAt: string },
    }));
    expect(newer?.body.status).toBe("Success");
    expect(older?.body.status).toBe("In progress");
    expect(older?.body.updatedAt).toBe(view.createdAt);
    expect(Date.parse(older!.body.updatedAt)).toBeLessThan(Date.parse(newer!.body.updatedAt));
    expect(header(older!.r, "webhook-id")).not.toBe(header(newer!.r, "webhook-id"));
    expect(signatures(older!.r)).toEqual({ x: "valid", webhook: "valid" });
    expect(view.callbacks.map((c) => [c.status, c.chaos, c.state])).toEqual([
      ["Success", ["out-of-order"], "delivered"],
      ["In progress", ["stale"], "delivered"],
    ]);
    expect(view.callbacks[1]?.attempts[0]?.chaos).toMatch(/^out-of-order/);
  });

  it("late: the first attempt is held back delayMs", async () => {
    const order = await kit.createPayin(samplePayinRequest("SBP", { postbackUrl: receiver.url }), {
      chaos: { modes: ["late"], delayMs: 700 },
    });
    const paidAt = Date.now();
    await kit.markPaid(order.id);
    const view = await settled(order.id);
    const [delivery] = receivedFor(order.id);
    expect(delivery!.at - paidAt).toBeGreaterThanOrEqual(650);
    expect(view.callbacks[0]?.attempts.map((a) => a.chaos)).toEqual(["late (held 700 ms)"]);
  });

  it("drop: the first attempt is never sent; the retry is", async () => {
    const view = await paidWithChaos({ modes: ["drop"] });
    expect(receivedFor(view.id)).toHaveLength(1);
    expect(view.callbacks[0]?.attempts.map((a) => [a.statusCode, a.chaos])).toEqual([
      [null, "drop"],
      [200, null],
    ]);
    expect(view.callbacks[0]?.attempts[0]?.error).toMatch(/not sent/);
  });

  it("bad-signature: signatures that do not verify, then a good retry of the same event (even after a 2xx)", async () => {
    const view = await paidWithChaos({ modes: ["bad-signature"] });
    const [bad, good] = receivedFor(view.id);
    expect(receivedFor(view.id)).toHaveLength(2);
    expect(signatures(bad!)).toEqual({ x: "invalid", webhook: "invalid" });
    expect(signatures(good!)).toEqual({ x: "valid", webhook: "valid" });
    expect(header(good!, "webhook-id")).toBe(header(bad!, "webhook-id"));
    expect(good?.body).toBe(bad?.body);
    expect(view.callbacks[0]?.attempts.map((a) => a.chaos)).toEqual(["bad-signature", null]);
  });

  it("only one signature style: X-Signature alone, or the Standard Webhooks headers alone", async () => {
    const xOnly = await paidWithChaos({ modes: ["x-signature-only"] });
    const [x] = receivedFor(xOnly.id);
    expect(signatures(x!)).toEqual({ x: "valid", webhook: "absent" });
    expect(header(x!, "webhook-id")).toBeUndefined();
    expect(header(x!, "x-client-id")).toBe(TEST_ACCOUNT.clientId);

    const whOnly = await paidWithChaos({ modes: ["webhook-signature-only"] });
    const [wh] = receivedFor(whOnly.id);
    expect(signatures(wh!)).toEqual({ x: "absent", webhook: "valid" });
    expect(header(wh!, "x-client-id")).toBeUndefined();
    expect(whOnly.callbacks[0]?.attempts[0]?.chaos).toBe("webhook-signature-only");
  });

  it("modes combine: dropped, then badly signed, then delivered, then duplicated", async () => {
    const view = await paidWithChaos({ modes: ["duplicate", "bad-signature", "drop"] });
    expect(view.callbacks[0]?.attempts.map((a) => a.chaos)).toEqual([
      "drop",
      "bad-signature",
      null,
      "duplicate",
    ]);
    expect(receivedFor(view.id).map((r) => signatures(r).x)).toEqual(["invalid", "valid", "valid"]);
  });

  it("a malformed header is a 400 naming it, and creates nothing", async () => {
    const api = signedClient(sandbox.url);
    const request = samplePayinRequest("SBP", { postbackUrl: receiver.url });
    const cases: [string, string][] = [
      ["explode", "X-Sandbox-Chaos"],
      ["duplicate; seed=-1", "X-Sandbox-Chaos.seed"],
      ["late; delayMs=soon", "X-Sandbox-Chaos.delayMs"],
      ["duplicate; colour=red", "X-Sandbox-Chaos"],
      ["x-signature-only, webhook-signature-only", "X-Sandbox-Chaos"],
      ["", "X-Sandbox-Chaos"],
    ];
    for (const [value, path] of cases) {
      const res = await api.post("/api/v1/payin/create", request, { "x-sandbox-chaos": value });
      expect(res.status, value).toBe(400);
      const problem = (await res.json()) as { errors: { path: string; message: string }[] };
      expect(
        problem.errors.map((e) => e.path),
        value,
      ).toContain(path);
    }
    const created = await kit.createPayin(request);
    expect((await kit.order(created.id)).chaos).toBeNull();
  });
});

describe("callback chaos, per order and per account", () => {
  it("per order: set on an order In progress; refused once it is final; bad bodies name the field", async () => {
    const order = await kit.createPayin(samplePayinRequest("SBP", { postbackUrl: receiver.url }));
    const set = await kit.setChaos(order.id, { modes: ["duplicate"], seed: 11 });
    expect(set.chaos).toEqual({ modes: ["duplicate"], seed: 11, probability: 1, delayMs: 2000 });
    const bad = await kit.setChaos(order.id, { modes: ["sideways" as never] }).catch((e: unknown) => e);
    expect((bad as SandboxKitError).problem?.errors?.[0]?.path).toBe("modes.0");
    const extra = await kit
      .setChaos(order.id, { modes: [], speed: 3 } as SandboxChaos)
      .catch((e: unknown) => e);
    expect((extra as SandboxKitError).status).toBe(400);

    await kit.markPaid(order.id);
    const view = await settled(order.id);
    expect(view.callbacks[0]?.chaos).toEqual(["duplicate"]);
    await vi.waitFor(() => expect(receivedFor(order.id)).toHaveLength(2));

    const late = await kit.setChaos(order.id, { modes: ["drop"] }).catch((e: unknown) => e);
    expect((late as SandboxKitError).status).toBe(409);
    expect((await kit.order(order.id)).chaos?.modes).toEqual(["duplicate"]);
  });

  it("per account: configured chaos applies to orders that pick none; the header overrides it", async () => {
    const configured = await paidWithChaos(undefined, chaosKit);
    expect(configured.chaos).toEqual({ modes: ["duplicate"], seed: 5, probability: 1, delayMs: 2000 });
    expect(configured.callbacks[0]?.attempts.map((a) => a.chaos)).toEqual([null, "duplicate"]);

    const none = await paidWithChaos({ modes: [] }, chaosKit);
    expect(none.chaos).toBeNull();
    expect(none.callbacks[0]?.attempts).toHaveLength(1);
  });

  it("a seed replays exactly: the same paymentIds under the same seed get the same chaos and retry times", async () => {
    // Its own sandbox, whose retries wait a minute (±20% jitter, drawn from the seed): wide enough to tell.
    const seedScratch = await startScratchSandbox("sandbox_chaos_seed", {
      accounts: [TEST_ACCOUNT, TWIN_ACCOUNT],
      callbackRetrySchedule: [60_000],
      dispatcherPollMs: 20,
      rateLimit: 0,
    });
    const seeded = seedScratch.sandbox;
    try {
      // Fixed paymentIds (each account has its own), so the choices below are the same on every run.
      const paymentIds = Array.from(
        { length: 16 },
        (_, i) => `7c0e6a4e-0000-4000-8000-${String(i).padStart(12, "0")}`,
      );
      const chaos: SandboxChaos = { modes: ["drop", "duplicate"], seed: 42, probability: 0.5 };
      const run = async (account: typeof TWIN_ACCOUNT) => {
        const k = sandboxKit({ baseUrl: seeded.url, ...account });
        const views: SandboxOrder[] = [];
        for (const paymentId of paymentIds) {
          const request = samplePayinRequest("SBP", { paymentId, postbackUrl: receiver.url });
          const order = await k.createPayin(request, { chaos });
          await k.markPaid(order.id);
          const firstAttempt = await vi.waitFor(
            async () => {
              const view = await k.order(order.id);
              if (!view.callbacks[0]?.attempts.length) throw new Error("no attempt yet");
              return view;
            },
            { timeout: 20_000, interval: 25 },
          );
          views.push(firstAttempt);
        }
        return views;
      };
      const first = await run(TEST_ACCOUNT);
      const second = await run(TWIN_ACCOUNT);
      const chosen = (views: SandboxOrder[]) => views.map((v) => v.callbacks[0]?.chaos);
      expect(chosen(second)).toEqual(chosen(first));
      // Drawn with probability 0.5: some orders got each mode, some did not.
      for (const mode of ["drop", "duplicate"]) {
        const count = chosen(first).filter((modes) => modes?.includes(mode)).length;
        expect(count, mode).toBeGreaterThan(0);
        expect(count, mode).toBeLessThan(paymentIds.length);
      }
      // A dropped first attempt's retry is due after the same jittered wait in both runs.
      const retryWait = (v: SandboxOrder) => {
        const cb = v.callbacks[0];
        const dropped = cb?.attempts[0];
        if (dropped?.chaos !== "drop" || !cb?.nextAttemptAt) return undefined;
        return Date.parse(cb.nextAttemptAt) - Date.parse(dropped.at);
      };
      const waits = first.map(retryWait);
      const defined = waits.filter((w): w is number => w !== undefined);
      expect(defined.length).toBeGreaterThan(1);
      expect(Math.max(...defined) - Math.min(...defined)).toBeGreaterThan(200);
      second.map(retryWait).forEach((w, i) => {
        const expected = waits[i];
        if (expected === undefined) expect(w).toBeUndefined();
        else expect(Math.abs((w ?? 0) - expected), paymentIds[i]).toBeLessThan(100);
      });
    } finally {
      await seedScratch.close();
    }
  });
});
