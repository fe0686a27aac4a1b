/**
 * GET /requests/export as Next calls it (TEST_DB backend): the session checked, a bad filter refused naming
 * the field, and the filter's calls as CSV without any body, so a masked card number cannot come back
 * whole nor masked. Only the request's cookie jar (next/headers) is stood in for.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { storeAttempt } from "@/lib/payment-api/call-log";
import { startTestRuntime, type TestRuntime } from "@/lib/testing/dashboard-runtime";
import { signInTestRole } from "@/lib/testing/sign-in";
import { GET } from "./route";
import type { Database } from "@/lib/database";
import { testRequest } from "@/lib/testing/next-headers";

vi.mock("next/headers", () => import("@/lib/testing/next-headers"));

let rt: TestRuntime | undefined;
let db: Database;
const get = (query: string) => GET(new Request(`http://dashboard.test/requests/export?${query}`));
const signInAs = async (role: "viewer" | null) => {
  await signInTestRole(db, testRequest.cookies, role);
};

const PAN = "4111111111111111";
const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";

beforeAll(async () => {
  rt = await startTestRuntime("requests_export");
  db = rt.db;

  const at = (ms: number) => new Date(Date.UTC(2026, 5, 1, 10, 0, 0, ms));
  const base = { callId: randomUUID(), method: "POST" as const, responseBody: null, latencyMs: 9 };
  const payout = JSON.stringify({ paymentId: randomUUID(), payoutDetails: { ccNo: PAN } });
  await storeAttempt(
    db,
    {
      ...base,
      attempt: 1,
      startedAt: at(0),
      url: "http://psp.test/api/v1/payout/create",
      requestBody: payout,
      status: 502,
      error: null,
      errorKind: null,
      traceId: TRACE_ID,
    },
    null,
  );
  await storeAttempt(
    db,
    {
      ...base,
      attempt: 2,
      startedAt: at(1),
      url: "http://psp.test/api/v1/payout/create",
      requestBody: payout,
      status: null,
      error: '=HYPERLINK("x") could not be reached',
      errorKind: "network",
    },
    null,
  );
  await storeAttempt(
    db,
    {
      ...base,
      method: "GET",
      attempt: 1,
      startedAt: at(2),
      url: "http://psp.test/api/v1/bank/available?country=RU",
      requestBody: null,
      status: 200,
      error: null,
      errorKind: null,
    },
    null,
  );
});
afterAll(async () => {
  await rt?.close();
});

const lines = async (res: Response) =>
  (await res.text())
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");

describe("GET /requests/export", () => {
  it("answers 401 signed out", async () => {
    await signInAs(null);
    expect((await get("")).status).toBe(401);
  });

  it("refuses a bad filter with 400 naming the field", async () => {
    await signInAs("viewer");
    const res = await get("status=slow&call=payout-create");
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual([
      { path: "status", message: "Status must be an HTTP status (404), a class (4xx), timeout or network" },
    ]);
  });

  it("gives the filter's calls, newest first, the bank reads left out, no body, formulas neutralised", async () => {
    await signInAs("viewer");
    const res = await get("call=&from=2026-06-01&to=2026-06-01");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="requests-\d{8}-\d{6}\.csv"$/,
    );
    const csv = await lines(res);
    expect(csv).toHaveLength(3);
    expect(csv[1]).toContain(",2,payout-create,POST,http://psp.test/api/v1/payout/create,,network,");
    expect(csv[1]).toContain(`"'=HYPERLINK(""x"") could not be reached"`);
    expect(csv[2]).toContain(",1,payout-create,POST,http://psp.test/api/v1/payout/create,502,,,9,system,");
    // The trace of the attempt, last: what an engineer looks up in the tracing backend.
    expect(csv[0]?.endsWith(",service_order_id,trace_id")).toBe(true);
    expect(csv[2]?.endsWith(`,${TRACE_ID}`)).toBe(true);
    expect(csv[1]?.endsWith(",")).toBe(true);
    const text = csv.join("\n");
    expect(text).not.toContain(PAN.slice(6, 12));
    expect(text).not.toContain("ccNo");

    expect(await lines(await get("banks=1&from=2026-06-01"))).toHaveLength(4);
    expect(await lines(await get("status=5xx&from=2026-06-01"))).toHaveLength(2);
  });
});
