/**
 * Several instances on one PostgreSQL (issue 10 §5), in one test process: two sandboxes on one sandbox
 * database, both dispatching; two dashboard receivers, each with its own connections to one dashboard
 * database. Orders are created at sandbox A and recorded through dashboard 1, their callbacks go to
 * dashboard 2's receiver, and sandbox B marks them paid: every callback is delivered once (no attempt sent
 * by both sandboxes), applied once, and announced to dashboard 1's listener. Sessions, sign-in limits and
 * saved views made through one dashboard hold on the other. PostgreSQL only: embedded PGlite is one
 * instance by design.
 */
import { serve } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { signIn } from "@/lib/auth/sign-in";
import { createSession, validateSession } from "@/lib/auth/session";
import { type Database, migrate, openDatabase } from "@/lib/database";
import { migrations } from "@/lib/database/dashboard/migrations";
import { insertSavedView, listSavedViews } from "@/lib/database/dashboard/queries/saved-views";
import { createOrderStatusFeed, type OrderStatusFeed } from "@/lib/live/order-status-feed";
import { createPaymentApiClient } from "@/lib/payment-api/client";
import { handlePostback } from "@/lib/postback/handle";
import { createUnverifiedPurge } from "@/lib/postback/purge";
import { startSandbox, type RunningSandbox } from "@/lib/sandbox/server";
import { addTestUser } from "@/lib/testing/auth-database";
import { createScratchDatabase, type ScratchDatabase, testBackend } from "@/lib/testing/database";
import { TEST_ACCOUNT } from "@/lib/testing/sandbox-http";
import { insertSandboxOrder, type TestOrder } from "@/lib/testing/test-orders";

const ORDERS = 12;

describe.runIf(testBackend() === "postgres")("several instances on one PostgreSQL", () => {
  let sandboxDb: ScratchDatabase;
  let dashboardDb: ScratchDatabase;
  let sandboxA: RunningSandbox;
  let sandboxB: RunningSandbox;
  let dashboard1: Database;
  /** Dashboard 1's status feed, as its runtime has one. */
  let feed1: OrderStatusFeed;
  let dashboard2: Database;
  let receiver2: { url: string; close(): Promise<void> };
  /** webhook-id → how many times dashboard 2's receiver was handed it. */
  const deliveries = new Map<string, number>();

  beforeAll(async () => {
    sandboxDb = await createScratchDatabase("multi_sandbox", "sandbox");
    dashboardDb = await createScratchDatabase("multi_dashboard", "dashboard");
    const sandboxOptions = {
      port: 0,
      database: { url: sandboxDb.url ?? "" },
      accounts: [TEST_ACCOUNT],
      rateLimit: 0,
      callbackRetrySchedule: [200],
    };
    sandboxA = await startSandbox(sandboxOptions);
    sandboxB = await startSandbox(sandboxOptions);
    dashboard1 = await openDatabase({ url: dashboardDb.url ?? "" });
    dashboard2 = await openDatabase({ url: dashboardDb.url ?? "" });
    await migrate(dashboard1, migrations, 731_001);
    feed1 = createOrderStatusFeed(async () => dashboard1);
    const purge2 = createUnverifiedPurge(72);
    const server = serve({
      port: 0,
      hostname: "127.0.0.1",
      fetch: async (request) => {
        const id = request.headers.get("webhook-id") ?? "";
        deliveries.set(id, (deliveries.get(id) ?? 0) + 1);
        return handlePostback(dashboard2, request, {
          secret: TEST_ACCOUNT.secret,
          clientId: TEST_ACCOUNT.clientId,
          purge: purge2,
        });
      },
    });
    await new Promise((r) => server.once("listening", r));
    receiver2 = {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/postback`,
      close: () => new Promise((r) => server.close(() => r())),
    };
  });

  afterAll(async () => {
    await feed1?.stop();
    await receiver2?.close();
    await sandboxA?.close();
    await sandboxB?.close();
    await dashboard1?.close();
    await dashboard2?.close();
    await sandboxDb?.drop();
    await dashboardDb?.drop();
  });

  const client = (sandbox: RunningSandbox) =>
    createPaymentApiClient({ baseUrl: sandbox.url, ...TEST_ACCOUNT, timeoutMs: 5_000 });

  it("created on A, paid on B, received by dashboard 2: each callback delivered once, applied once, announced to dashboard 1", async () => {
    const announced = new Set<string>();
    const stop = await feed1.subscribe((e) => {
      if (e.status === "Success") announced.add(e.id);
    });
    try {
      const orders: TestOrder[] = [];
      for (let i = 0; i < ORDERS; i++)
        orders.push(
          await insertSandboxOrder(dashboard1, client(sandboxA), {
            direction: "payin",
            method: "SBP",
            postbackUrl: receiver2.url,
          }),
        );
      const b = client(sandboxB);
      await Promise.all(orders.map((o) => b.setSandboxOrderStatus(o.providerOrderId ?? "", "Success")));

      await vi.waitFor(
        async () => {
          const rows = await dashboard1.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM orders WHERE id = ANY($1::uuid[]) AND status = 'Success'",
            [orders.map((o) => o.id)],
          );
          if (rows[0]?.n !== ORDERS) throw new Error(`${rows[0]?.n} of ${ORDERS} paid`);
        },
        { timeout: 20_000, interval: 50 },
      );
      await vi.waitFor(() => expect(announced.size).toBe(ORDERS), { timeout: 5_000 });
      expect([...announced].sort()).toEqual(orders.map((o) => o.id).sort());

      // One delivery per callback: no attempt was sent by both sandboxes.
      expect(deliveries.size).toBe(ORDERS);
      expect([...deliveries.values()].every((n) => n === 1)).toBe(true);
      const applied = await dashboard2.query<{ orderId: string; n: number }>(
        `SELECT order_id AS "orderId", count(*)::int AS n FROM callback_deliveries
          WHERE outcome = 'applied' GROUP BY order_id`,
      );
      expect(applied).toHaveLength(ORDERS);
      expect(applied.every((r) => r.n === 1)).toBe(true);
      // Each attempt is on record once its answer came back: after the dashboard applied it, so wait for it.
      const sandboxSql = await openDatabase({ url: sandboxDb.url ?? "" });
      try {
        await vi.waitFor(
          async () => {
            const attempts = await sandboxSql.query<{ n: number }>(
              "SELECT count(*)::int AS n FROM sandbox_callback_attempts",
            );
            expect(attempts[0]?.n).toBe(ORDERS);
          },
          { timeout: 10_000, interval: 50 },
        );
      } finally {
        await sandboxSql.close();
      }
    } finally {
      stop();
    }
  });

  it("a session, sign-in failures and saved views made through one dashboard hold on the other", async () => {
    const email = `multi-${randomUUID()}@example.com`;
    const user = await addTestUser(dashboard1, { email, password: "the-right-password-1" });
    const { token } = await createSession(dashboard1, user.id, { ip: null, userAgent: null });
    expect((await validateSession(dashboard2, token)).ok).toBe(true);

    // Five failures spread over both instances lock the account for strangers on either.
    const attempt = (db: Database, password: string) =>
      signIn(db, { email, password, ip: "198.51.100.7", userAgent: "vitest" });
    for (let i = 0; i < 5; i++) await attempt(i % 2 ? dashboard1 : dashboard2, "wrong-password");
    expect(await attempt(dashboard1, "the-right-password-1")).toMatchObject({
      ok: false,
      reason: "rate-limited",
    });
    expect(await attempt(dashboard2, "the-right-password-1")).toMatchObject({
      ok: false,
      reason: "rate-limited",
    });

    expect(
      await insertSavedView(dashboard1, user.id, { name: "Paid", query: "status=Success" }, 30),
    ).toMatchObject({
      ok: true,
    });
    expect(await listSavedViews(dashboard2, user.id)).toMatchObject([
      { name: "Paid", query: "status=Success" },
    ]);
    expect(
      await insertSavedView(dashboard2, user.id, { name: "paid", query: "status=Failed" }, 30),
    ).toMatchObject({
      ok: false,
      reason: "name-taken",
    });
  });
});
