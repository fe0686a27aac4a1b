import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from "../lib/testing/otlp-receiver";
import { pgliteSafeNodeFlags } from "../scripts/node-runtime.mjs";
import { freePort, stopChildren, waitUntilAnswering } from "./cluster";
import { E2E } from "./config";
import { createPayinThroughForm, expect, screenshot, test } from "./fixtures";

/**
 * Traces through the production build (issue 18 §4): a sandbox and a dashboard of their own, as processes,
 * both exporting to an OTLP/HTTP receiver here. A pay-in is created through the form (the server action,
 * under the dashboard's server span for the page's post) and marked paid from its page (another action,
 * another trace); the callback continues the order's trace into the dashboard's server span for
 * POST /api/postback, which carries the receiver's outcome. The request log's entry shows the trace id. Next.js's own
 * spans are never among them (tracing.ts: Next.js sees tracing as off).
 */

test.describe.configure({ mode: "serial" });

const root = path.resolve(import.meta.dirname, "..");
const ACCOUNT = { clientId: "traced-merchant", secret: "traced-merchant-secret-5Rk8" };
const ADMIN = { email: "traced-admin@example.com", password: "traced-admin-password-1" };
const SERVER = 2;
const CLIENT = 3;

let otlp: OtlpReceiver;
let dataDir: string;
const children: ChildProcess[] = [];
const output: string[] = [];
let dashboardUrl: string;
let context: BrowserContext;
let page: Page;

function start(name: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, [...pgliteSafeNodeFlags(), ...args], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [child.stdout, child.stderr])
    stream?.on("data", (c: Buffer) => output.push(`[${name}] ${c.toString()}`));
  children.push(child);
  return child;
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  otlp = await startOtlpReceiver();
  dataDir = mkdtempSync(path.join(tmpdir(), "e2e-traces-"));
  const [sandboxPort, port] = await Promise.all([freePort(), freePort()]);
  const otel = { OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url, OTEL_BSP_SCHEDULE_DELAY: "200" };
  const tsx = path.join(root, "node_modules", "tsx", "dist", "cli.mjs");
  const sandbox = start("sandbox", [tsx, "lib/sandbox/main.ts"], {
    ...otel,
    SANDBOX_PORT: String(sandboxPort),
    SANDBOX_DATA_DIR: path.join(dataDir, "sandbox"),
    SANDBOX_CLIENT_ID: ACCOUNT.clientId,
    SANDBOX_CLIENT_SECRET: ACCOUNT.secret,
    SANDBOX_RATE_LIMIT_PER_MINUTE: "0",
  });
  dashboardUrl = `http://127.0.0.1:${port}`;
  const dashboard = start("dashboard", [path.join(root, "scripts", "next-server.mjs")], {
    ...otel,
    PORT: String(port),
    DATA_DIR: dataDir,
    PAYMENT_API_BASE_URL: `http://127.0.0.1:${sandboxPort}`,
    PAYMENT_API_CLIENT_ID: ACCOUNT.clientId,
    PAYMENT_API_SECRET: ACCOUNT.secret,
    PAYMENT_API_IS_SANDBOX: "true",
    PUBLIC_BASE_URL: dashboardUrl,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    NEXT_DIST_DIR: E2E.distDir,
  });
  try {
    await waitUntilAnswering(`http://127.0.0.1:${sandboxPort}/healthz`, sandbox, 120_000);
    await waitUntilAnswering(`${dashboardUrl}/login`, dashboard, 120_000);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${output.join("")}`);
  }
  context = await browser.newContext({ baseURL: dashboardUrl, storageState: { cookies: [], origins: [] } });
  page = await context.newPage();
});

test.afterAll(async () => {
  await context?.close();
  await stopChildren(children);
  await otlp?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test.afterEach(async () => {
  const info = test.info();
  if (info.status !== info.expectedStatus) {
    await info.attach("processes", { body: output.join("") });
    await info.attach("spans", {
      body: JSON.stringify(otlp.spans, null, 1),
      contentType: "application/json",
    });
  }
});

/** The span of `service` named `name` (and of `kind`), once it has arrived. */
async function span(service: string, name: string, kind?: number, traceId?: string): Promise<ReceivedSpan> {
  const find = () =>
    otlp.spans.find(
      (s) =>
        s.service === service &&
        s.name === name &&
        (kind === undefined || s.kind === kind) &&
        (traceId === undefined || s.traceId === traceId),
    );
  await expect.poll(() => find() !== undefined, { timeout: 20_000, message: `span ${name}` }).toBe(true);
  return find() as ReceivedSpan;
}

/** The spans from `span` up to its trace's root, by parent id. */
function ancestors(of: ReceivedSpan): ReceivedSpan[] {
  const chain: ReceivedSpan[] = [];
  let at: ReceivedSpan | undefined = of;
  while (at?.parentSpanId) {
    const parentId: string = at.parentSpanId;
    at = otlp.spans.find((s) => s.spanId === parentId && s.traceId === of.traceId);
    if (at) chain.push(at);
  }
  return chain;
}

test("an order's trace runs from the form's action to the receiver's apply, through the dashboard's server spans", async () => {
  test.setTimeout(120_000);
  await page.goto("/login");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/login/);

  const order = await createPayinThroughForm(page, { method: "SBP" });
  await page.goto(order.orderUrl);
  await page.getByRole("button", { name: "Mark paid" }).click();
  await expect(page.getByTestId(`status-${order.id}`).first()).toHaveText("Success");

  const action = await span("payorders-dashboard", "action createPayin");
  const { traceId } = action;
  const call = await span("payorders-dashboard", "POST /api/v1/payin/create", CLIENT, traceId);
  const handling = await span("payorders-sandbox", "POST /api/v1/payin/create", SERVER, traceId);
  await span("payorders-sandbox", "callback send", CLIENT, traceId);

  // The dashboard's server span for the page post that ran the action is its parent, and the trace's root.
  await expect
    .poll(() => ancestors(action).at(-1)?.parentSpanId === undefined && ancestors(action).length > 0, {
      timeout: 20_000,
    })
    .toBe(true);
  const pagePost = ancestors(action).at(-1);
  expect(pagePost).toMatchObject({ service: "payorders-dashboard", kind: SERVER });
  expect(pagePost?.name).toBe(`POST ${pagePost?.attributes["http.route"]}`);
  expect(pagePost?.attributes["http.response.status_code"]).toBe(200);
  expect(call.parentSpanId).toBe(action.spanId);
  expect(handling.parentSpanId).toBe(call.spanId);
  // The server span for POST /api/postback continues the callback's traceparent and carries the apply's
  // outcome. Found once its whole chain has come: the server span ends after the answer, maybe a batch
  // later, and an attempt the sandbox gave up waiting for (a loaded machine) is sent again, in another request.
  const applied = () =>
    otlp.spans
      .filter((s) => s.name === "POST /api/postback" && s.traceId === traceId)
      .map((apply) => ({ apply, send: ancestors(apply).find((s) => s.name === "callback send") }))
      .find((found) => found.send !== undefined);
  await expect.poll(() => applied() !== undefined, { timeout: 20_000 }).toBe(true);
  const { apply, send } = applied() as { apply: ReceivedSpan; send: ReceivedSpan };
  expect(send).toMatchObject({ service: "payorders-sandbox", kind: CLIENT, parentSpanId: handling.spanId });
  expect(apply).toMatchObject({ service: "payorders-dashboard", kind: SERVER, parentSpanId: send.spanId });
  expect(apply.attributes).toMatchObject({
    "http.route": "/api/postback",
    "payorders.callback.outcome": "applied",
    "payorders.order.id": order.id,
  });

  // Next.js traced nothing of its own: every span is ours.
  expect(otlp.spans.filter((s) => "next.span_type" in s.attributes).map((s) => s.name)).toEqual([]);

  // "Mark paid" is an action of its own: another trace.
  const markPaid = await span("payorders-dashboard", "action setSandboxStatus");
  expect(markPaid.traceId).not.toBe(traceId);

  // The request log's entry of the create call names the trace.
  await page.goto("/requests");
  const entry = page.getByTestId("api-call").filter({ hasText: "/api/v1/payin/create" }).first();
  await entry.getByText("Request and answer").click();
  await expect(entry.getByTestId("trace-id")).toHaveText(traceId);
  await screenshot(page, "request-log-trace-id");
});
