/**
 * GET /api/overview, the overview page's live poll, as Next calls it: session-checked, and what it answers is
 * the database's counts (apart by status) and newest callback deliveries. Real dashboard database (TEST_DB
 * backend); only the request's cookie jar (next/headers) is stood in for.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestRuntime, type TestRuntime } from "@/lib/testing/dashboard-runtime";
import { signInTestRole } from "@/lib/testing/sign-in";
import { GET } from "./route";
import type { Database } from "@/lib/database";
import type { OverviewSnapshot } from "@/lib/overview/snapshot";
import { insertTestOrder } from "@/lib/testing/test-orders";
import { testRequest } from "@/lib/testing/next-headers";

vi.mock("next/headers", () => import("@/lib/testing/next-headers"));

let rt: TestRuntime | undefined;
let db: Database;
const get: () => Promise<Response> = GET;
const signInAs = async (role: "admin" | "operator" | "viewer" | null) => {
  await signInTestRole(db, testRequest.cookies, role);
};

beforeAll(async () => {
  rt = await startTestRuntime("overview_api");
  db = rt.db;
});

afterAll(async () => {
  await rt?.close();
});

describe("GET /api/overview", () => {
  it("answers 401 signed out, without reading anything", async () => {
    await signInAs(null);
    const res = await get();
    expect(res.status).toBe(401);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
  });

  it("gives any signed-in role the counts by status and the newest callbacks, uncached", async () => {
    for (const status of ["Success", "Success", "In progress", "Refused", "Submit failed"]) {
      await insertTestOrder(db, { status });
    }
    const order = await insertTestOrder(db, { status: "Failed" });
    const deliveryId = randomUUID();
    await db.query(
      `INSERT INTO callback_deliveries (id, webhook_id, headers, raw_body, verified, outcome, order_id, status)
       VALUES ($1, 'evt_1', '{}'::jsonb, '{}', true, 'applied', $2, 'Failed')`,
      [deliveryId, order.id],
    );
    await signInAs("viewer");
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = (await res.json()) as OverviewSnapshot;
    expect(Object.fromEntries(body.counts.map((c) => [c.status, c.count]))).toEqual({
      Success: 2,
      "In progress": 1,
      Refused: 1,
      "Submit failed": 1,
      Failed: 1,
    });
    expect(body.callbacks).toEqual([
      {
        id: deliveryId,
        receivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
        status: "Failed",
        verified: true,
        outcome: "applied",
        orderId: order.id,
      },
    ]);

    // The next poll sees a status change.
    await db.query("UPDATE orders SET status = 'Success' WHERE id = $1", [order.id]);
    const next = (await (await get()).json()) as OverviewSnapshot;
    expect(next.counts.find((c) => c.status === "Success")?.count).toBe(3);
    expect(next.counts.find((c) => c.status === "Failed")).toBeUndefined();
  });
});
