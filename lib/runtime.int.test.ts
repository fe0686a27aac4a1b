/**
 * The process's runtime (lib/runtime.ts) made from explicit settings, as the environment would give them:
 * the one payment client it holds is configured from PAYMENT_API_* and logs its attempts to the runtime's
 * database; the submit resume loop and the Insights fold run once however often they are asked for. A
 * bare local HTTP endpoint stands in for the payment service: this checks only where the settings go.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flushCallLog } from "@/lib/payment-api/call-log";
import { getDb, getEnv, getPaymentApi } from "@/lib/runtime";
import { signRequest } from "@/lib/signing";
import { startTestRuntime, type TestRuntime } from "@/lib/testing/dashboard-runtime";
import { insertTestOrder } from "@/lib/testing/test-orders";

const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
const server = createServer((req, res) => {
  seen.push({ url: req.url ?? "", headers: req.headers });
  res.writeHead(200, { "content-type": "application/json" });
  res.end("[]");
});
let rt: TestRuntime | undefined;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  rt = await startTestRuntime("runtime", {
    PAYMENT_API_BASE_URL: `http://127.0.0.1:${port}/prefix`,
    PAYMENT_API_CLIENT_ID: "env-client",
    PAYMENT_API_SECRET: "env-secret",
    ORDER_RESUME_INTERVAL_MS: "60000",
  });
});
afterAll(async () => {
  await rt?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("the dashboard runtime", () => {
  it("is what getEnv(), getDb() and getPaymentApi() answer once installed", async () => {
    expect(getEnv()).toBe(rt?.runtime.env);
    expect(await getDb()).toBe(rt?.db);
    expect(getPaymentApi()).toBe(rt?.runtime.paymentApi);
    expect(getPaymentApi()).toBe(getPaymentApi());
  });

  it("configures its payment client from PAYMENT_API_* and logs every attempt", async () => {
    expect(await getPaymentApi().listBanks("KZ")).toEqual([]);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toBe("/prefix/api/v1/bank/available?country=KZ");
    expect(seen[0]?.headers["x-client-id"]).toBe("env-client");
    expect(seen[0]?.headers["x-signature"]).toBe(
      signRequest("env-secret", { method: "GET", pathWithQuery: "/prefix/api/v1/bank/available?country=KZ" }),
    );
    await flushCallLog();
    const rows = await (await getDb()).query<{ url: string }>("SELECT url FROM payment_api_calls");
    expect(rows.map((r) => r.url)).toEqual([
      `${getEnv().PAYMENT_API_BASE_URL}/api/v1/bank/available?country=KZ`,
    ]);
  });

  it("runs one submit resume loop however often it is started", async () => {
    const loop = rt?.runtime.startSubmitResume();
    expect(rt?.runtime.startSubmitResume()).toBe(loop);
    // PAYMENT_API_TIMEOUT_MS (default 10 s) × 3 attempts + backoffs of 200 and 400 ms: the "Submitting" lease.
    expect(rt?.runtime.paymentApiInFlightMs).toBe(30_600);
  });

  it("runs one Insights fold however often it is started, folding what order writes appended", async () => {
    const db = await getDb();
    const pending = async () =>
      (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM order_rollup_delta"))[0]?.n;
    await insertTestOrder(db);
    expect(await pending()).toBe(1);
    const loop = rt?.runtime.startInsightsFold(); // its first pass starts at once
    expect(rt?.runtime.startInsightsFold()).toBe(loop);
    await loop?.stop(); // waits for that pass
    expect(await pending()).toBe(0);
  });
});
