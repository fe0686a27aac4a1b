/**
 * One order's trace across both processes, as an OTLP collector receives it: the sandbox as a real process
 * (lib/sandbox/main.ts) and the dashboard's entry points in this one — the create-pay-in server action as
 * Next calls it (next/headers stood in for), and POST /api/postback's route handler on a real HTTP server —
 * each with tracing started from the same OTEL_* variables a deployment sets, exporting over OTLP/HTTP to a
 * receiver here. The order is paid by a signed call of the test's own (another trace), yet its callback
 * continues the order's: action → signed call → the sandbox's handling → callback → the receiver's apply,
 * each span the parent of the next, all one trace id, which the request log's entry carries too.
 */
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST } from "@/app/api/postback/route";
import { createPayinAction } from "@/lib/actions/create-payin-action";
import type { Database } from "@/lib/database";
import { flushCallLog } from "@/lib/payment-api/call-log";
import { startTestRuntime, type TestRuntime } from "@/lib/testing/dashboard-runtime";
import { testRequest } from "@/lib/testing/next-headers";
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from "@/lib/testing/otlp-receiver";
import { paymentApiEnv } from "@/lib/testing/sandbox-fixture";
import { signedClient } from "@/lib/testing/sandbox-http";
import { type SandboxProcess, startSandboxProcess } from "@/lib/testing/sandbox-process";
import { createScratchDatabase, type ScratchDatabase, seedPgliteFolder } from "@/lib/testing/database";
import { signInTestRole } from "@/lib/testing/sign-in";
import { payinFormValues } from "@/lib/testing/test-orders";
import { observabilityEnvFields, tracingSettings } from "./env";
import type { RunningTracing } from "./tracing";
import { startTracing } from "./tracing-sdk";

vi.mock("next/headers", () => import("@/lib/testing/next-headers"));

const SERVER = 2;
const CLIENT = 3;
/** Upper bound for what takes a second on a quiet machine (not a timing assertion). */
const PATIENCE_MS = 60_000;

let otlp: OtlpReceiver;
let sandboxDb: ScratchDatabase;
let sandboxDir: string | undefined;
let sandbox: SandboxProcess;
let sandboxUrl: string;
let receiver: { close(): void; base: string };
let rt: TestRuntime;
let db: Database;
let tracing: RunningTracing;

/** The OTEL_* variables both processes get, parsed as each process parses them. */
const otelVars = () => ({ OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url, OTEL_BSP_SCHEDULE_DELAY: "100" });

beforeAll(async () => {
  otlp = await startOtlpReceiver();
  sandboxDb = await createScratchDatabase("tracing_sandbox", "sandbox");
  if (!sandboxDb.url) {
    sandboxDir = mkdtempSync(path.join(tmpdir(), "tracing-sandbox-"));
    seedPgliteFolder(sandboxDir, "sandbox");
  }
  sandbox = startSandboxProcess({
    ...otelVars(),
    ...(sandboxDb.url ? { SANDBOX_DATABASE_URL: sandboxDb.url } : { SANDBOX_DATA_DIR: sandboxDir }),
    SANDBOX_CALLBACK_RETRY_SCHEDULE: "200",
    LOG_LEVEL: "warn",
  });
  sandboxUrl = await sandbox.url;

  // The callback receiver: the route handler itself, behind a real HTTP server.
  const server = serve({ port: 0, hostname: "127.0.0.1", fetch: (request) => POST(request) });
  await new Promise((r) => server.once("listening", r));
  receiver = {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => server.close(),
  };
  rt = await startTestRuntime("tracing_dashboard", {
    ...paymentApiEnv(sandboxUrl),
    PUBLIC_BASE_URL: receiver.base,
  });
  db = rt.db;
  const env = observabilityEnvFields();
  const settings = tracingSettings(
    {
      OTEL_EXPORTER_OTLP_ENDPOINT: env.OTEL_EXPORTER_OTLP_ENDPOINT.parse(otlp.url),
      OTEL_TRACES_SAMPLER: env.OTEL_TRACES_SAMPLER.parse(undefined),
      OTEL_BSP_SCHEDULE_DELAY: env.OTEL_BSP_SCHEDULE_DELAY.parse("100"),
    },
    "payorders-dashboard",
  );
  if (!settings) throw new Error("an endpoint is set: tracing must be on");
  tracing = startTracing(settings);
});

afterAll(async () => {
  await tracing?.shutdown();
  receiver?.close();
  await rt?.close();
  if (sandbox && sandbox.child.exitCode === null) {
    sandbox.child.kill("SIGTERM");
    await sandbox.exited;
  }
  await sandboxDb?.drop();
  if (sandboxDir) rmSync(sandboxDir, { recursive: true, force: true });
  await otlp?.close();
});

async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const deadline = Date.now() + PATIENCE_MS;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      throw new Error(
        `gave up waiting for ${what}; spans: ${JSON.stringify(otlp.spans.map((s) => [s.service, s.name]))}\nsandbox:\n${sandbox.output.join("")}`,
      );
    await new Promise((r) => setTimeout(r, 100));
  }
}

const one = (service: string, name: string, kind?: number) => () =>
  otlp.spans.find((s) => s.service === service && s.name === name && (kind === undefined || s.kind === kind));

describe("an order's trace", () => {
  it("links the action, its signed call, the sandbox's handling, the callback and the receiver's apply", async () => {
    await signInTestRole(db, testRequest.cookies, "operator");
    const result = await createPayinAction(payinFormValues());
    expect(result).toMatchObject({ ok: true });
    const [order] = await db.query<{ id: string; providerOrderId: string }>(
      `SELECT id, provider_order_id AS "providerOrderId" FROM orders`,
    );
    if (!order) throw new Error("no order was made");

    // Paid by a call of the test's own: not traced, and in any case not the order's trace.
    const paid = await signedClient(sandboxUrl).post(`/sandbox/orders/${order.providerOrderId}/status`, {
      status: "Success",
    });
    expect(paid.status).toBe(200);
    await until("the callback to be applied", async () => {
      const [row] = await db.query<{ status: string }>("SELECT status FROM orders WHERE id = $1", [order.id]);
      return row?.status === "Success" ? true : undefined;
    });
    await tracing.forceFlush();

    const action = await until("the action's span", one("payorders-dashboard", "action createPayin"));
    const call = await until(
      "the signed call's span",
      one("payorders-dashboard", "POST /api/v1/payin/create", CLIENT),
    );
    const handling = await until(
      "the sandbox's server span",
      one("payorders-sandbox", "POST /api/v1/payin/create", SERVER),
    );
    const send = await until("the callback's span", one("payorders-sandbox", "callback send", CLIENT));
    const apply = await until(
      "the receiver's span",
      one("payorders-dashboard", "POST /api/postback", SERVER),
    );

    const chain: ReceivedSpan[] = [action, call, handling, send, apply];
    expect(new Set(chain.map((s) => s.traceId)).size).toBe(1);
    expect(action.parentSpanId).toBeUndefined();
    for (let i = 1; i < chain.length; i++) expect(chain[i]?.parentSpanId).toBe(chain[i - 1]?.spanId);

    expect(call.attributes).toMatchObject({
      "http.request.method": "POST",
      "http.response.status_code": 200,
    });
    expect(handling.attributes).toMatchObject({ "http.route": "/api/v1/payin/create" });
    expect(send.attributes).toMatchObject({
      "payorders.callback.status": "Success",
      "http.response.status_code": 200,
    });
    expect(apply.attributes).toMatchObject({
      "payorders.callback.outcome": "applied",
      "payorders.order.id": order.id,
    });

    // The payment of the test's own is a trace apart, its server span a root of the sandbox's.
    const payment = await until(
      "the payment's server span",
      one("payorders-sandbox", "POST /sandbox/orders/:id/status"),
    );
    expect(payment.traceId).not.toBe(action.traceId);

    // The request log's entry names the trace.
    await flushCallLog();
    const calls = await db.query<{ traceId: string | null }>(
      `SELECT trace_id AS "traceId" FROM payment_api_calls WHERE kind = 'payin-create'`,
    );
    expect(calls).toEqual([{ traceId: action.traceId }]);
  });
});
