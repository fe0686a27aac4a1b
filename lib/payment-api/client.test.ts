import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { PayinRequest, PayoutRequest } from "@/lib/contract";
import { signRequest } from "@/lib/signing";
import { createPaymentApiClient } from "./client";
import {
  PaymentApiContractError,
  PaymentApiNetworkError,
  PaymentApiProblemError,
  PaymentApiTimeoutError,
} from "./errors";
import type { ApiAttempt } from "./http";

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: string | undefined;
}

type Responder = (call: Call, n: number) => Response | Promise<Response>;

/** A fetch stand-in for unit tests of the client's own behaviour (integration tests use the real sandbox). */
function fakeFetch(responder: Responder) {
  const calls: Call[] = [];
  const fn: typeof fetch = async (input, init) => {
    const body = init?.body instanceof Uint8Array ? new TextDecoder().decode(init.body) : undefined;
    const call: Call = {
      url: String(input),
      method: init?.method ?? "GET",
      headers: new Headers(init?.headers),
      body,
    };
    calls.push(call);
    return responder(call, calls.length);
  };
  return { fn, calls };
}

const json = (status: number, body: unknown, type = "application/json") =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": type } });

const SECRET = "unit-secret";
const sleeps: number[] = [];

function client(
  responder: Responder,
  extra: { maxAttempts?: number; timeoutMs?: number; baseUrl?: string } = {},
) {
  const f = fakeFetch(responder);
  sleeps.length = 0;
  const attempts: ApiAttempt[] = [];
  const api = createPaymentApiClient(
    {
      baseUrl: extra.baseUrl ?? "http://psp.test",
      clientId: "merchant-1",
      secret: SECRET,
      timeoutMs: extra.timeoutMs ?? 1000,
      maxAttempts: extra.maxAttempts ?? 3,
      backoffMs: 100,
      fetch: f.fn,
    },
    {
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      random: () => 0.5,
      onAttempt: (a) => attempts.push(a),
    },
  );
  return { api, calls: f.calls, attempts };
}

const payin: PayinRequest = {
  paymentId: randomUUID(),
  client: { id: randomUUID(), ip: "203.0.113.7", email: "buyer@example.com" },
  amount: 1500,
  country: "RU",
  paymentMethod: "Card",
  trafficType: "ALL",
  addRandomCents: true,
};

const payinResponse = {
  id: randomUUID(),
  status: "In progress",
  expiresAt: "2026-11-22T10:00:00Z",
  amount: 1500.37,
  bankDetails: {
    card: { cardNumber: "4111111111111111", cardHolderName: "IVAN PETROV" },
    bankName: "Sberbank",
  },
};

const payout: PayoutRequest = {
  paymentId: randomUUID(),
  client: { id: randomUUID(), ip: "203.0.113.7", email: "buyer@example.com" },
  amount: 250.5,
  country: "RU",
  paymentMethod: "SBP",
  trafficType: "FTD",
  bankId: 100000000111,
  payoutDetails: { phoneNumber: "+79001234567", payeeName: "Ivan Petrov" },
};

describe("signing", () => {
  it("POST: signs exactly the bytes it sends, with the client id and JSON content type", async () => {
    const { api, calls } = client(() => json(200, payinResponse));
    await api.createPayin(payin);
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.url).toBe("http://psp.test/api/v1/payin/create");
    expect(call?.method).toBe("POST");
    expect(call?.body).toBe(JSON.stringify(payin));
    expect(call?.headers.get("content-type")).toBe("application/json");
    expect(call?.headers.get("x-client-id")).toBe("merchant-1");
    expect(call?.headers.get("x-signature")).toBe(
      signRequest(SECRET, { method: "POST", body: call?.body ?? "" }),
    );
  });

  it("GET: signs the path with its query string as sent, base-URL prefix included", async () => {
    const { api, calls } = client(() => json(200, []), { baseUrl: "http://psp.test/gw/" });
    await api.listBanks("BR");
    const [call] = calls;
    expect(call?.url).toBe("http://psp.test/gw/api/v1/bank/available?country=BR");
    expect(call?.body).toBeUndefined();
    expect(call?.headers.get("x-signature")).toBe(
      signRequest(SECRET, { method: "GET", pathWithQuery: "/gw/api/v1/bank/available?country=BR" }),
    );
  });

  it("GET: an odd country is encoded in the URL and signed as encoded", async () => {
    const { api, calls } = client(() => json(200, []));
    await api.listBanks("R U&x=1");
    const sent = new URL(calls[0]?.url ?? "");
    expect(sent.searchParams.getAll("country")).toEqual(["R U&x=1"]);
    expect(sent.searchParams.has("x")).toBe(false);
    expect(calls[0]?.headers.get("x-signature")).toBe(
      signRequest(SECRET, { method: "GET", pathWithQuery: sent.pathname + sent.search }),
    );
  });

  it("sandbox controls are signed like the API", async () => {
    const id = randomUUID();
    const view = {
      id,
      paymentId: randomUUID(),
      type: "payin",
      status: "Success",
      paymentMethod: "Card",
      country: "RU",
      currency: "RUB",
      amount: 1500.37,
      requestedAmount: 1500,
      expiresAt: null,
      bankDetails: null,
      postbackUrl: null,
      request: {},
      createdAt: "2026-11-22T10:00:00.000Z",
      updatedAt: "2026-11-22T10:00:00.000Z",
      callbacks: [],
    };
    const { api, calls } = client(() => json(200, view));
    const order = await api.setSandboxOrderStatus(id, "Success");
    expect(order).toMatchObject({
      status: "Success",
      type: "payin",
      amount: 1500.37,
      currency: "RUB",
    });
    expect(calls[0]?.url).toBe(`http://psp.test/sandbox/orders/${id}/status`);
    expect(calls[0]?.body).toBe('{"status":"Success"}');
    expect(calls[0]?.headers.get("x-signature")).toBe(
      signRequest(SECRET, { method: "POST", body: '{"status":"Success"}' }),
    );
    await api.getSandboxOrder(id);
    expect(calls[1]?.headers.get("x-signature")).toBe(
      signRequest(SECRET, { method: "GET", pathWithQuery: `/sandbox/orders/${id}` }),
    );
  });
});

describe("responses → app types", () => {
  it("pay-in: the final amount is a two-decimal string and flagged as changed", async () => {
    const { api } = client(() => json(200, payinResponse));
    const order = await api.createPayin(payin);
    expect(order).toMatchObject({
      id: payinResponse.id,
      paymentId: payin.paymentId,
      paymentMethod: "Card",
      status: "In progress",
      expiresAt: "2026-11-22T10:00:00.000Z",
      amount: "1500.37",
      amountChanged: true,
      attempts: 1,
    });
    expect(order.bankDetails).toEqual(payinResponse.bankDetails);
  });

  it("pay-in without an amount in the response keeps the requested one", async () => {
    const { amount: _, ...noAmount } = payinResponse;
    const { api } = client(() => json(200, noAmount));
    const order = await api.createPayin({ ...payin, amount: 99.9 });
    expect(order.amount).toBe("99.90");
    expect(order.amountChanged).toBe(false);
  });

  it("pay-out and banks", async () => {
    const id = randomUUID();
    const { api } = client((call) =>
      call.url.includes("payout")
        ? json(200, { id, status: "In progress" })
        : json(200, [{ id: 7, name: "Sberbank", alpha2: "RU", nspk: "100000000111" }]),
    );
    expect(await api.createPayout(payout)).toMatchObject({
      id,
      paymentId: payout.paymentId,
      status: "In progress",
    });
    expect(await api.listBanks("RU")).toEqual([
      { id: 7, name: "Sberbank", country: "RU", code: "100000000111" },
    ]);
  });
});

describe("retries", () => {
  it("retries a 5xx with byte-identical body and signature, backing off", async () => {
    const { api, calls } = client((_c, n) =>
      n < 3
        ? json(503, { type: "about:blank", title: "Unavailable", status: 503 })
        : json(200, payinResponse),
    );
    const order = await api.createPayin(payin);
    expect(order.attempts).toBe(3);
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map((c) => c.body)).size).toBe(1);
    expect(new Set(calls.map((c) => c.headers.get("x-signature"))).size).toBe(1);
    // random() = 0.5 → 3/4 of 100·2^(n-2)
    expect(sleeps).toEqual([75, 150]);
  });

  it("retries network errors, then gives up with a typed, retryable error", async () => {
    const { api, calls, attempts } = client(() => {
      throw new TypeError("fetch failed", {
        cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
      });
    });
    const error = await api.createPayout(payout).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentApiNetworkError);
    expect(error).toMatchObject({ retryable: true, attempts: 3, kind: "network" });
    expect((error as Error).message).toContain("ECONNREFUSED");
    expect(calls).toHaveLength(3);
    // The request log is told which way each attempt failed.
    expect(attempts.map((a) => [a.status, a.errorKind])).toEqual(Array(3).fill([null, "network"]));
  });

  it("a timed-out attempt is retried; all timing out → PaymentApiTimeoutError", async () => {
    const hang: Responder = (call) =>
      new Promise<Response>((_resolve, reject) => {
        void call;
        setTimeout(
          () => reject(new DOMException("The operation was aborted due to timeout", "TimeoutError")),
          5,
        );
      });
    const { api, calls, attempts } = client(hang, { timeoutMs: 50, maxAttempts: 2 });
    const error = await api.listBanks("RU").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentApiTimeoutError);
    expect(error).toMatchObject({ retryable: true, attempts: 2, timeoutMs: 50 });
    expect(calls).toHaveLength(2);
    expect(attempts.map((a) => [a.status, a.errorKind])).toEqual(Array(2).fill([null, "timeout"]));
  });

  it("the per-attempt timeout really aborts a hanging request", async () => {
    const f: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
      });
    const api = createPaymentApiClient({
      baseUrl: "http://psp.test",
      clientId: "m",
      secret: "s",
      timeoutMs: 30,
      maxAttempts: 1,
      fetch: f,
    });
    const started = Date.now();
    await expect(api.listBanks("RU")).rejects.toBeInstanceOf(PaymentApiTimeoutError);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("never retries a 4xx; the problem details and field paths come through", async () => {
    const problem = {
      type: "https://psp.test/problems/validation",
      title: "Invalid request",
      status: 400,
      detail: "2 fields failed validation",
      errors: [
        { path: "client.email", message: "Must be an email address" },
        { path: "amount", message: "Must be greater than 0" },
      ],
    };
    const { api, calls } = client(() => json(400, problem, "application/problem+json"));
    const error = await api.createPayin(payin).catch((e: unknown) => e);
    expect(calls).toHaveLength(1);
    expect(error).toBeInstanceOf(PaymentApiProblemError);
    const p = error as PaymentApiProblemError;
    expect(p).toMatchObject({ status: 400, retryable: false, attempts: 1, problem });
    expect(p.fieldErrors.map((e) => e.path)).toEqual(["client.email", "amount"]);
    expect(p.toJSON()).toMatchObject({ kind: "problem", status: 400, request: "POST /api/v1/payin/create" });
  });

  it("a 429 is not retried by the client; its Retry-After comes through in milliseconds", async () => {
    const problem = { type: "about:blank", title: "Too Many Requests", status: 429 };
    const { api, calls } = client(
      () =>
        new Response(JSON.stringify(problem), {
          status: 429,
          headers: { "content-type": "application/problem+json", "retry-after": "7" },
        }),
    );
    const error = await api.createPayin(payin).catch((e: unknown) => e);
    expect(calls).toHaveLength(1);
    expect(error).toMatchObject({ status: 429, retryable: false, retryAfterMs: 7_000 });
    expect((error as PaymentApiProblemError).toJSON()).toMatchObject({ retryAfterMs: 7_000 });
  });

  it("a 5xx on every attempt ends as a retryable problem error", async () => {
    const { api, calls } = client(
      () => new Response("<html>Bad gateway</html>", { status: 502, statusText: "Bad Gateway" }),
    );
    const error = await api.listBanks("RU").catch((e: unknown) => e);
    expect(calls).toHaveLength(3);
    expect(error).toBeInstanceOf(PaymentApiProblemError);
    expect(error).toMatchObject({
      status: 502,
      retryable: true,
      attempts: 3,
      problem: { type: "about:blank", title: "Bad Gateway", status: 502, detail: "<html>Bad gateway</html>" },
    });
  });
});

describe("contract violations", () => {
  it("a 2xx body of the wrong shape → PaymentApiContractError naming the fields, not retried", async () => {
    const broken = { ...payinResponse, bankDetails: { phoneNumber: "+79001234567" } };
    const { api, calls } = client(() => json(200, broken));
    const error = await api.createPayin(payin).catch((e: unknown) => e);
    expect(calls).toHaveLength(1);
    expect(error).toBeInstanceOf(PaymentApiContractError);
    const c = error as PaymentApiContractError;
    expect(c.retryable).toBe(false);
    expect(c.issues.map((i) => i.path)).toContain("bankDetails.card");
    expect(c.zodIssues.length).toBeGreaterThan(0);
  });

  it("a 2xx body that is not JSON → PaymentApiContractError at (body)", async () => {
    const { api } = client(() => new Response("OK", { status: 200 }));
    const error = await api.listBanks("RU").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentApiContractError);
    expect((error as PaymentApiContractError).issues).toEqual([{ path: "(body)", message: "Not JSON: OK" }]);
  });

  it("the status control is sent once, even on a 5xx", async () => {
    const { api, calls } = client(() =>
      json(503, { type: "about:blank", title: "Unavailable", status: 503 }),
    );
    await expect(api.setSandboxOrderStatus(randomUUID(), "Failed")).rejects.toBeInstanceOf(
      PaymentApiProblemError,
    );
    expect(calls).toHaveLength(1);
  });

  it("a bank list with a non-numeric id breaks the contract", async () => {
    const { api } = client(() => json(200, [{ id: "7", name: "X", alpha2: "RU", nspk: "1" }]));
    const error = await api.listBanks("RU").catch((e: unknown) => e);
    expect((error as PaymentApiContractError).issues[0]?.path).toBe("0.id");
  });
});

describe("config", () => {
  it.each([
    [{ baseUrl: "ftp://x" }, "baseUrl"],
    [{ clientId: "" }, "clientId"],
    [{ timeoutMs: 0 }, "timeoutMs"],
    [{ maxAttempts: 0 }, "maxAttempts"],
  ])("rejects %o naming %s", (patch, field) => {
    expect(() =>
      createPaymentApiClient({ baseUrl: "http://a", clientId: "c", secret: "s", timeoutMs: 100, ...patch }),
    ).toThrow(field);
  });
});
