/**
 * GET /metrics of the dashboard, as Next calls the route handler, on the dashboard runtime (TEST_DB backend)
 * with a real sandbox behind its payment client: 404 without METRICS_TOKEN, 401 without the token, and with
 * it Prometheus text that a Prometheus parser reads, whose callback outcomes, payment-service attempts and
 * open event streams move as the receiver, the client and a live page are used. Only the cookie jar
 * (next/headers) is stood in for.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "@/lib/database";
import { parseEnv } from "@/lib/env";
import { createRuntime, getPaymentApi, installRuntime, runtime } from "@/lib/runtime";
import { startTestRuntime, type TestRuntime } from "@/lib/testing/dashboard-runtime";
import { testRequest } from "@/lib/testing/next-headers";
import { type Families, parseMetrics, sampleSum } from "@/lib/testing/prometheus";
import {
  paymentApiEnv,
  type ScratchSandbox,
  startScratchSandbox,
  TEST_ACCOUNT,
} from "@/lib/testing/sandbox-fixture";
import { callbackFor, signedHeadersFor } from "@/lib/testing/signed-callbacks";
import { signInTestRole } from "@/lib/testing/sign-in";
import { insertTestOrder } from "@/lib/testing/test-orders";
import { GET as ordersEvents } from "../api/orders/events/route";
import { POST as postback } from "../api/postback/route";
import { GET } from "./route";

vi.mock("next/headers", () => import("@/lib/testing/next-headers"));

const TOKEN = "dashboard-metrics-token-01234567";

let sandbox: ScratchSandbox | undefined;
let rt: TestRuntime | undefined;
let db: Database;

beforeAll(async () => {
  sandbox = await startScratchSandbox("metrics_sandbox", { rateLimit: 0 });
  rt = await startTestRuntime("metrics_route", {
    ...paymentApiEnv(sandbox.sandbox.url),
    METRICS_TOKEN: TOKEN,
  });
  db = rt.db;
});

afterAll(async () => {
  await rt?.close();
  await sandbox?.close();
});

const scrape = (authorization?: string) =>
  GET(new Request("http://dashboard.test/metrics", authorization ? { headers: { authorization } } : {}));

async function families(): Promise<Families> {
  const res = await scrape(`Bearer ${TOKEN}`);
  expect(res.status).toBe(200);
  return parseMetrics(await res.text());
}

const postCallback = (body: string, headers: Record<string, string>) =>
  postback(new Request("http://dashboard.test/api/postback", { method: "POST", body, headers }));

describe("the dashboard's /metrics", () => {
  it("answers 404 when METRICS_TOKEN is unset", async () => {
    const without = createRuntime(parseEnv({ NODE_ENV: "test", ...paymentApiEnv(sandbox!.sandbox.url) }));
    installRuntime(without);
    try {
      expect((await scrape(`Bearer ${TOKEN}`)).status).toBe(404);
    } finally {
      installRuntime(rt!.runtime);
    }
  });

  it("answers 401 with a Bearer challenge without the token or with another", async () => {
    for (const authorization of [undefined, "Bearer wrong", `Token ${TOKEN}`]) {
      const res = await scrape(authorization);
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer\b/);
    }
  });

  it("serves the named families, uncached", async () => {
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const parsed = parseMetrics(await res.text());
    for (const name of [
      "http_request_duration_seconds",
      "http_requests_total",
      "payorders_callbacks_received_total",
      "payorders_payment_api_attempt_duration_seconds",
      "payorders_payment_api_errors_total",
      "payorders_event_streams_open",
      "payorders_db_connections",
      "process_resident_memory_bytes",
    ])
      expect(parsed.has(name), name).toBe(true);
    expect(sampleSum(parsed, "payorders_db_connections")).toBeGreaterThanOrEqual(0);
  });

  it("counts callback outcomes as the receiver names them: applied, duplicate, rejected", async () => {
    const before = await families();
    const order = await insertTestOrder(db);
    const body = JSON.stringify(callbackFor(order));
    const headers = signedHeadersFor(body, TEST_ACCOUNT, `evt_${randomUUID()}`);
    expect((await postCallback(body, headers)).status).toBe(200);
    expect((await postCallback(body, headers)).status).toBe(200);
    expect(
      (
        await postCallback(body, {
          ...headers,
          "x-signature": "0".repeat(64),
          "webhook-signature": "v1,AAAA",
        })
      ).status,
    ).toBe(401);
    const after = await families();
    for (const outcome of ["applied", "duplicate", "rejected"]) {
      const moved =
        sampleSum(after, "payorders_callbacks_received_total", { outcome }) -
        sampleSum(before, "payorders_callbacks_received_total", { outcome });
      expect(moved, outcome).toBe(1);
    }
  });

  it("times the payment service's attempts by kind and outcome, and counts its errors", async () => {
    const ok = { kind: "bank-list", outcome: "2xx" };
    const before = await families();
    await getPaymentApi().listBanks("RU");
    const unreachable = createRuntime(
      parseEnv({ NODE_ENV: "test", ...paymentApiEnv("http://127.0.0.1:9"), PAYMENT_API_TIMEOUT_MS: "500" }),
    );
    await expect(unreachable.paymentApi.listBanks("RU")).rejects.toThrow();
    await unreachable.close();
    const after = await families();
    expect(sampleSum(after, "payorders_payment_api_attempt_duration_seconds", ok)).toBe(
      sampleSum(before, "payorders_payment_api_attempt_duration_seconds", ok) + 1,
    );
    const network = { kind: "bank-list", error: "network" };
    expect(sampleSum(after, "payorders_payment_api_errors_total", network)).toBeGreaterThan(
      sampleSum(before, "payorders_payment_api_errors_total", network),
    );
  });

  it("counts an open orders stream while it is open", async () => {
    await signInTestRole(db, testRequest.cookies, "viewer");
    const controller = new AbortController();
    const res = await ordersEvents(
      new Request(`http://dashboard.test/api/orders/events?ids=${randomUUID()}`, {
        signal: controller.signal,
      }),
    );
    expect(res.status).toBe(200);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    let text = "";
    while (!text.includes("event: ready")) text += new TextDecoder().decode((await reader.read()).value);
    expect(sampleSum(await families(), "payorders_event_streams_open", { stream: "orders" })).toBe(1);
    controller.abort();
    await reader.cancel().catch(() => {});
    await vi.waitFor(async () =>
      expect(sampleSum(await families(), "payorders_event_streams_open", { stream: "orders" })).toBe(0),
    );
    expect(runtime()).toBe(rt!.runtime);
  });
});
