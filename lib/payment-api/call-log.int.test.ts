/**
 * The request log against a real sandbox over HTTP and the real dashboard database (TEST_DB backend):
 * every attempt stored as sent and answered, card numbers masked, linked to the acting user and the order;
 * and "Copy as cURL" run in a shell makes the very same call again, its signature computed from $SECRET.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runActingAs } from "@/lib/auth/acting-user";
import { samplePayinRequest, samplePayoutRequest } from "@/lib/contract/samples";
import type { Database } from "@/lib/database";
import { listCalls, listCallsForOrder } from "@/lib/database/dashboard/queries/payment-api-calls";
import { addTestUser } from "@/lib/testing/auth-database";
import { type SandboxFixture, startSandboxFixture, TEST_ACCOUNT } from "@/lib/testing/sandbox-fixture";
import { openTestDashboardDb } from "@/lib/testing/test-orders";
import { flushCallLog, recordAttempt } from "./call-log";
import { createPaymentApiClient } from "./client";
import { curlCommand } from "./curl";
import { actingUserId } from "@/lib/auth/acting-user";
import type { PaymentApi } from "./types";

let fx: SandboxFixture;
let db: Database;
let dispose: () => Promise<void> = async () => {};
let api: PaymentApi;
let user: { id: string; email: string };

const logged = (baseUrl: string, maxAttempts = 3): PaymentApi =>
  createPaymentApiClient(
    {
      baseUrl,
      clientId: TEST_ACCOUNT.clientId,
      secret: TEST_ACCOUNT.secret,
      timeoutMs: 5_000,
      backoffMs: 5,
      maxAttempts,
    },
    { onAttempt: (a) => recordAttempt(async () => db, a, actingUserId()) },
  );

beforeAll(async () => {
  fx = await startSandboxFixture();
  ({ db, dispose } = await openTestDashboardDb());
  user = await addTestUser(db, { email: `ops-${randomUUID()}@example.com`, password: "x".repeat(12) });
  api = logged(fx.url);
});
afterAll(async () => {
  await fx?.close();
  await dispose();
});

/**
 * Runs a copied command in bash with SECRET set; its standard output. Asynchronously: the sandbox answering
 * it runs in this very process.
 */
const runCurl = async (command: string, secret: string = TEST_ACCOUNT.secret) =>
  (
    await promisify(execFile)("bash", ["-c", command], {
      env: { ...process.env, SECRET: secret },
      encoding: "utf8",
      timeout: 15_000,
    })
  ).stdout;

describe("the request log", () => {
  it("a card pay-out: stored masked, as the acting user's, linked to the order, with its answer and time", async () => {
    const request = samplePayoutRequest("Card");
    const pan = (request.payoutDetails as { ccNo: string }).ccNo;
    const order = await runActingAs(user.id, () => api.createPayout(request));
    await flushCallLog();
    const rows = await listCallsForOrder(db, { paymentId: request.paymentId, providerOrderId: order.id });
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row).toMatchObject({
      attempt: 1,
      method: "POST",
      url: `${fx.url}/api/v1/payout/create`,
      status: 200,
      error: null,
      userId: user.id,
      userEmail: user.email,
      paymentId: request.paymentId,
      serviceOrderId: order.id,
    });
    expect(row?.requestBody).not.toContain(pan);
    expect(row?.requestBody).toContain(`${pan.slice(0, 6)}${"*".repeat(pan.length - 10)}${pan.slice(-4)}`);
    expect(JSON.parse(row?.responseBody ?? "{}")).toMatchObject({ id: order.id });
    expect(row?.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it("a pay-in and its sandbox control, with nobody acting: both on the order, replayable by cURL", async () => {
    const request = samplePayinRequest("SBP");
    const order = await api.createPayin(request);
    await api.setSandboxOrderStatus(order.id, "Success");
    await flushCallLog();
    const rows = await listCallsForOrder(db, { paymentId: request.paymentId, providerOrderId: order.id });
    expect(rows.map((r) => [r.method, new URL(r.url).pathname, r.status, r.userId])).toEqual([
      ["POST", "/api/v1/payin/create", 200, null],
      ["POST", `/sandbox/orders/${order.id}/status`, 200, null],
    ]);

    // Copy as cURL: the same bytes, signed in the shell; the service answers with the same order (by paymentId).
    const create = rows[0];
    if (!create) throw new Error("no create call");
    const command = curlCommand({
      method: "POST",
      url: create.url,
      clientId: TEST_ACCOUNT.clientId,
      body: create.requestBody,
    });
    expect(command).not.toContain(TEST_ACCOUNT.secret);
    expect(JSON.parse(await runCurl(command))).toMatchObject({ id: order.id });
    expect(await fx.countOrders(request.paymentId)).toBe(1);
    // The signature really comes from $SECRET: another secret is refused.
    expect(JSON.parse(await runCurl(command, "not-the-secret"))).toMatchObject({ status: 401 });
  });

  it("a GET (banks) replays by cURL too; a call that gets no answer logs each attempt with why", async () => {
    await api.listBanks("RU");
    await flushCallLog();
    const banks = (await listCalls(db, { call: "bank-list" }, { limit: 10 })).rows.find((r) =>
      r.url.endsWith("/api/v1/bank/available?country=RU"),
    );
    if (!banks) throw new Error("no banks call logged");
    expect(banks).toMatchObject({ method: "GET", requestBody: null, status: 200, kind: "bank-list" });
    const replay = JSON.parse(
      await runCurl(
        curlCommand({ method: "GET", url: banks.url, clientId: TEST_ACCOUNT.clientId, body: null }),
      ),
    );
    expect(JSON.stringify(replay)).toBe(JSON.stringify(JSON.parse(banks.responseBody ?? "null")));

    const dead = logged("http://127.0.0.1:9", 2);
    const request = samplePayinRequest("Card");
    await expect(dead.createPayin(request)).rejects.toThrow();
    await flushCallLog();
    const attempts = await listCallsForOrder(db, { paymentId: request.paymentId, providerOrderId: null });
    expect(attempts.map((a) => [a.attempt, a.status, typeof a.error, a.errorKind, a.kind])).toEqual([
      [1, null, "string", "network", "payin-create"],
      [2, null, "string", "network", "payin-create"],
    ]);
    expect(new Set(attempts.map((a) => a.callId)).size).toBe(1);
  });
});
