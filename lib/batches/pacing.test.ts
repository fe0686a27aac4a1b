import { describe, expect, it } from "vitest";
import type { PayoutRequest } from "@/lib/contract";
import type { PayoutOrder } from "@/lib/payment-api";
import { PaymentApiProblemError, PaymentApiTimeoutError } from "@/lib/payment-api";
import { SendAbandoned } from "@/lib/orders/send";
import {
  classifyFailure,
  pacedCreatePayout,
  type RetryPolicy,
  retryDelay,
  SendPacer,
  storedFailureIsTransient,
} from "./pacing";

const POLICY: RetryPolicy = { maxTries: 4, maxRateLimited: 3, baseMs: 100, capMs: 1_000 };
const problem = (status: number, retryAfterMs?: number) =>
  new PaymentApiProblemError(
    { type: "about:blank", title: `HTTP ${status}`, status },
    { status, attempts: 1, request: "POST /api/v1/payout/create", retryAfterMs },
  );
const timeout = () =>
  new PaymentApiTimeoutError({ timeoutMs: 50, attempts: 3, request: "POST /api/v1/payout/create" });
const order = (attempts = 1) => ({ id: "o-1", attempts }) as unknown as PayoutOrder;
const request = {} as PayoutRequest;

/** An api answering `answers` in turn (an Error is thrown), counting its calls. */
function scripted(answers: (Error | PayoutOrder)[]) {
  const calls: number[] = [];
  return {
    calls,
    createPayout: async () => {
      calls.push(Date.now());
      const next = answers.shift();
      if (!next) throw new Error("no more answers");
      if (next instanceof Error) throw next;
      return next;
    },
  };
}

describe("classifyFailure", () => {
  it.each([
    [problem(429), "rate-limited"],
    [problem(500), "transient"],
    [problem(503), "transient"],
    [problem(408), "transient"],
    [timeout(), "transient"],
    [problem(400), "final"],
    [problem(409), "final"],
    [problem(401), "final"],
    [new Error("bug"), "final"],
  ])("%s → %s", (error, expected) => {
    expect(classifyFailure(error)).toBe(expected);
  });

  it("reads a stored failure the same way", () => {
    expect(storedFailureIsTransient(timeout().toJSON() as never)).toBe(true);
    expect(storedFailureIsTransient(problem(429).toJSON() as never)).toBe(true);
    expect(storedFailureIsTransient(problem(502).toJSON() as never)).toBe(true);
    expect(storedFailureIsTransient(problem(400).toJSON() as never)).toBe(false);
    expect(storedFailureIsTransient({ kind: "internal" })).toBe(false);
    expect(storedFailureIsTransient(null)).toBe(false);
  });
});

describe("retryDelay", () => {
  it("doubles from the base, half fixed and half jitter, up to the cap", () => {
    expect(retryDelay(2, POLICY, () => 0)).toBe(50);
    expect(retryDelay(2, POLICY, () => 1)).toBe(100);
    expect(retryDelay(4, POLICY, () => 1)).toBe(400);
    expect(retryDelay(20, POLICY, () => 0)).toBe(500);
    expect(retryDelay(20, POLICY, () => 1)).toBe(1_000);
  });
});

describe("SendPacer", () => {
  it("lets at most `limit` calls through, first come first served", async () => {
    const pacer = new SendPacer({ maxConcurrency: 2 });
    const order: number[] = [];
    const a = await pacer.acquire();
    await pacer.acquire();
    const third = pacer.acquire().then(() => order.push(3));
    const fourth = pacer.acquire().then(() => order.push(4));
    await new Promise((r) => setTimeout(r, 10));
    expect(order).toEqual([]);
    pacer.succeeded(a);
    await third;
    expect(order).toEqual([3]);
    pacer.failed(a);
    await fourth;
    expect(order).toEqual([3, 4]);
  });

  it("a 429 pauses every caller for Retry-After and halves the limit once; successes grow it back", async () => {
    let now = 1_000;
    const pacer = new SendPacer({ maxConcurrency: 8, now: () => now, random: () => 0 });
    const tickets = await Promise.all([pacer.acquire(), pacer.acquire(), pacer.acquire()]);
    // Three calls in flight meet the same limit: one pause, one halving.
    for (const t of tickets) pacer.rateLimited(t, 200);
    expect(pacer.limit).toBe(4);
    expect(pacer.pausedForMs).toBe(200);
    let through = false;
    const waiting = pacer.acquire().then((t) => {
      through = true;
      return t;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(through).toBe(false);
    now += 200;
    const t = await waiting;
    expect(through).toBe(true);
    for (let i = 0; i < 4; i++) pacer.succeeded(i === 0 ? t : await pacer.acquire());
    expect(pacer.limit).toBe(5);
  });

  it("close() ends every wait with SendAbandoned", async () => {
    const pacer = new SendPacer({ maxConcurrency: 1 });
    await pacer.acquire();
    const waiting = pacer.acquire();
    const sleeping = pacer.sleep(60_000);
    pacer.close();
    await expect(waiting).rejects.toBeInstanceOf(SendAbandoned);
    await expect(sleeping).rejects.toBeInstanceOf(SendAbandoned);
    await expect(pacer.acquire()).rejects.toBeInstanceOf(SendAbandoned);
  });
});

describe("pacedCreatePayout", () => {
  const sleeps: number[] = [];
  const opts = (pacer = new SendPacer({ maxConcurrency: 4 })) => ({
    pacer,
    policy: POLICY,
    random: () => 1,
    sleep: async (ms: number) => {
      sleeps.push(ms);
    },
  });

  it("retries timeouts and 5xx with back-off, counting every attempt into the answer", async () => {
    sleeps.length = 0;
    const api = scripted([timeout(), problem(502), order(1)]);
    const outcome = { tries: 0, rateLimited: 0 };
    const created = await pacedCreatePayout(api, opts(), outcome)(request);
    expect(api.calls).toHaveLength(3);
    expect(sleeps).toEqual([100, 200]);
    expect(created.attempts).toBe(3 + 1 + 1);
    expect(outcome).toEqual({ tries: 3, rateLimited: 0 });
  });

  it("gives up after maxTries with the last error, its attempts all of them", async () => {
    sleeps.length = 0;
    const api = scripted([timeout(), timeout(), timeout(), timeout(), order()]);
    const error = await pacedCreatePayout(api, opts())(request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentApiTimeoutError);
    expect((error as PaymentApiTimeoutError).attempts).toBe(12);
    expect(api.calls).toHaveLength(POLICY.maxTries);
  });

  it("never retries a definite refusal", async () => {
    const api = scripted([problem(400), order()]);
    await expect(pacedCreatePayout(api, opts())(request)).rejects.toMatchObject({ status: 400 });
    expect(api.calls).toHaveLength(1);
  });

  it("a 429 waits out its Retry-After in the pacer, then sends again", async () => {
    sleeps.length = 0;
    const pacer = new SendPacer({ maxConcurrency: 4, random: () => 0 });
    const api = scripted([problem(429, 120), order()]);
    const outcome = { tries: 0, rateLimited: 0 };
    const created = await pacedCreatePayout(api, opts(pacer), outcome)(request);
    expect(created.id).toBe("o-1");
    expect(api.calls).toHaveLength(2);
    expect(api.calls[1]! - api.calls[0]!).toBeGreaterThanOrEqual(110);
    expect(sleeps).toEqual([]);
    expect(outcome).toEqual({ tries: 2, rateLimited: 1 });
    expect(pacer.limit).toBe(2);
  });

  it("stops honouring 429s after maxRateLimited of them", async () => {
    const pacer = new SendPacer({ maxConcurrency: 4, random: () => 0 });
    const api = scripted([problem(429, 1), problem(429, 1), problem(429, 1), order()]);
    await expect(pacedCreatePayout(api, opts(pacer))(request)).rejects.toMatchObject({ status: 429 });
    expect(api.calls).toHaveLength(POLICY.maxRateLimited);
  });
});
