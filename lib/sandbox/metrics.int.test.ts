/**
 * GET /metrics of a real sandbox over HTTP (TEST_DB backend): 404 without METRICS_TOKEN, 401 without the
 * token, and with it Prometheus text that a Prometheus parser reads, whose request counters move with a
 * create (labelled by route pattern, not by path) and whose delivery queue holds the callback a failing
 * receiver refused. Every answer carries a request id.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { samplePayinRequest } from "@/lib/contract/samples";
import { parseMetrics, sampleSum } from "@/lib/testing/prometheus";
import { type ScratchSandbox, startScratchSandbox } from "@/lib/testing/sandbox-fixture";
import { type CallbackReceiver, signedClient, startCallbackReceiver } from "@/lib/testing/sandbox-http";

const TOKEN = "sandbox-metrics-token-0123456789";

let guarded: ScratchSandbox | undefined;
let open: ScratchSandbox | undefined;
let receiver: CallbackReceiver;

beforeAll(async () => {
  receiver = await startCallbackReceiver();
  // Every delivery refused, the retry a minute away: the callback stays in the queue.
  receiver.respondWith(Array(20).fill(500));
  guarded = await startScratchSandbox("sandbox_metrics", {
    metricsToken: TOKEN,
    rateLimit: 0,
    callbackRetrySchedule: [60_000],
  });
  open = await startScratchSandbox("sandbox_nometrics", { rateLimit: 0 });
});

afterAll(async () => {
  await guarded?.close();
  await open?.close();
  await receiver?.close();
});

const scrape = (url: string, authorization?: string) =>
  fetch(`${url}/metrics`, authorization ? { headers: { authorization } } : {});

async function families() {
  const res = await scrape(guarded!.sandbox.url, `Bearer ${TOKEN}`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
  return parseMetrics(await res.text());
}

describe("the sandbox's /metrics", () => {
  it("answers 404 when METRICS_TOKEN is unset, token or not", async () => {
    expect((await scrape(open!.sandbox.url)).status).toBe(404);
    expect((await scrape(open!.sandbox.url, `Bearer ${TOKEN}`)).status).toBe(404);
  });

  it("answers 401 with a Bearer challenge without the token or with another", async () => {
    for (const authorization of [undefined, "Bearer not-the-token", `Basic ${TOKEN}`]) {
      const res = await scrape(guarded!.sandbox.url, authorization);
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer\b/);
    }
  });

  it("serves every named family; a create moves the request counters of its route pattern", async () => {
    const created = { service: "sandbox", method: "POST", route: "/api/v1/payin/create", status: "200" };
    const before = await families();
    for (const name of [
      "http_request_duration_seconds",
      "http_requests_total",
      "payorders_sandbox_callback_deliveries_pending",
      "payorders_db_connections",
      "process_cpu_user_seconds_total",
      "process_resident_memory_bytes",
      "nodejs_eventloop_lag_seconds",
    ])
      expect(before.has(name), name).toBe(true);

    const api = signedClient(guarded!.sandbox.url);
    const res = await api.post(
      "/api/v1/payin/create",
      samplePayinRequest("SBP", { postbackUrl: receiver.url }),
    );
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    expect((await api.get(`/sandbox/orders/${id}`)).status).toBe(200);
    // Paid: its callback goes to the receiver, which refuses it (next test).
    expect((await api.post(`/sandbox/orders/${id}/status`, { status: "Success" })).status).toBe(200);

    const after = await families();
    expect(sampleSum(after, "http_requests_total", created)).toBe(
      sampleSum(before, "http_requests_total", created) + 1,
    );
    expect(sampleSum(after, "http_request_duration_seconds", created)).toBe(
      sampleSum(before, "http_request_duration_seconds", created) + 1,
    );
    // Labelled by the pattern the path matched: no order id in any label.
    const routes = after.get("http_requests_total")?.metrics.map((m) => m.labels?.route) ?? [];
    expect(routes).toContain("/sandbox/orders/:id");
    expect(routes.some((r) => r?.includes(id))).toBe(false);
  });

  it("counts the callback a failing receiver refused as pending delivery", async () => {
    await receiver.waitFor(1);
    await vi.waitFor(async () =>
      expect(sampleSum(await families(), "payorders_sandbox_callback_deliveries_pending")).toBeGreaterThan(0),
    );
  });

  it("echoes a well-formed X-Request-Id and makes one for a missing or malformed one", async () => {
    const given = await fetch(`${guarded!.sandbox.url}/healthz`, {
      headers: { "x-request-id": "lb-7f3a9c21" },
    });
    expect(given.headers.get("x-request-id")).toBe("lb-7f3a9c21");
    const made = await fetch(`${guarded!.sandbox.url}/healthz`);
    expect(made.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const malformed = await fetch(`${guarded!.sandbox.url}/healthz`, {
      headers: { "x-request-id": 'a b"c' },
    });
    expect(malformed.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
