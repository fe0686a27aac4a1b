import { expect, test } from "@playwright/test";
import { parseMetrics, sampleSum } from "../lib/testing/prometheus";
import { E2E } from "./config";

/**
 * Issue 18 §4 on the production build: /metrics of the running dashboard and of its embedded sandbox, read
 * with METRICS_TOKEN (the same for both) and parsed by a Prometheus text parser; refused without it, never
 * sent to sign-in. Every answer carries a request id, the client's own when it sent a well-formed one.
 */
const bearer = { authorization: `Bearer ${E2E.metricsToken}` };

test("the dashboard's /metrics: 401 without the token, Prometheus text with it, requests counted by route", async ({
  request,
}) => {
  const refused = await request.get(`${E2E.baseUrl}/metrics`, { maxRedirects: 0 });
  expect(refused.status()).toBe(401);
  expect(refused.headers()["www-authenticate"]).toMatch(/^Bearer\b/);

  // A page and an API route, each answered under its route pattern.
  expect((await request.get(`${E2E.baseUrl}/login`)).status()).toBe(200);
  expect((await request.get(`${E2E.baseUrl}/api/healthz`)).status()).toBe(200);

  await expect
    .poll(async () => {
      const res = await request.get(`${E2E.baseUrl}/metrics`, { headers: bearer, maxRedirects: 0 });
      expect(res.status()).toBe(200);
      const families = parseMetrics(await res.text());
      for (const name of [
        "http_request_duration_seconds",
        "payorders_callbacks_received_total",
        "payorders_payment_api_attempt_duration_seconds",
        "payorders_event_streams_open",
        "payorders_db_connections",
        "process_resident_memory_bytes",
      ])
        expect(families.has(name), name).toBe(true);
      return sampleSum(families, "http_requests_total", {
        service: "dashboard",
        route: "/login",
        method: "GET",
      });
    })
    .toBeGreaterThan(0);
});

test("the sandbox's /metrics answers the same token", async ({ request }) => {
  expect((await request.get(`${E2E.sandboxUrl}/metrics`)).status()).toBe(401);
  const res = await request.get(`${E2E.sandboxUrl}/metrics`, { headers: bearer });
  expect(res.status()).toBe(200);
  const families = parseMetrics(await res.text());
  expect(families.has("payorders_sandbox_callback_deliveries_pending")).toBe(true);
  expect(
    sampleSum(families, "http_requests_total", { service: "sandbox", route: "/healthz" }),
  ).toBeGreaterThan(0);
});

test("request ids: a well-formed X-Request-Id is echoed, a missing one is made", async ({ request }) => {
  const given = await request.get(`${E2E.baseUrl}/api/healthz`, {
    headers: { "x-request-id": "e2e-req-0001" },
  });
  expect(given.headers()["x-request-id"]).toBe("e2e-req-0001");
  const page = await request.get(`${E2E.baseUrl}/login`);
  expect(page.headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
});
