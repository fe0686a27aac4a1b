/**
 * The bank-app chooser's funnel below the browser: the public route (bounds, refusals naming the field, the
 * rate limit, no cookie), each order counted once per step, "paid" from the order's own status, and the
 * Insights page's table and CSV rows from it.
 */
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { POST } from "@/app/api/pay/[token]/funnel/route";
import type { Database } from "@/lib/database";
import { funnelCounts } from "@/lib/database/dashboard/queries/pay-funnel";
import { loadInsights } from "@/lib/insights/load-insights";
import { parseInsightsRange } from "@/lib/insights/range";
import { insightTable } from "@/lib/insights/tables";
import { startTestRuntime, type TestRuntime } from "@/lib/testing/dashboard-runtime";
import { insertPayinWithPage, type PayRoutePost, postToPayRoute } from "@/lib/testing/test-orders";
import { FUNNEL_TOKEN_RULE } from "./funnel";

vi.mock("next/headers", () => import("@/lib/testing/next-headers"));

let rt: TestRuntime | undefined;
let db: Database;

beforeAll(async () => {
  rt = await startTestRuntime("pay_funnel");
  db = rt.db;
});
afterAll(async () => {
  await rt?.close();
});

const qrPayin = (paymentMethod = "QRNSPK") =>
  insertPayinWithPage(db, {
    paymentMethod,
    bankDetails: { qr: { url: "https://qr.nspk.ru/AD10001" }, bankName: "Sber", bankId: 1 },
  });

const post = (token: string, body: unknown, opts?: PayRoutePost) =>
  postToPayRoute(POST, "funnel", token, body, opts);

const range = () => ({ from: new Date(Date.now() - 3_600_000), to: new Date(Date.now() + 3_600_000) });

describe("the pay page's funnel events", () => {
  test("each order counts once per step; paid is an order that chose an app and succeeded; no cookie", async () => {
    const before = await funnelCounts(db, range());
    const a = await qrPayin();
    const b = await qrPayin("QRNSPKCrossBorder");
    const c = await qrPayin();
    for (const t of [a.token, a.token, b.token, c.token]) {
      const res = await post(t, { step: "opened" });
      expect(res.status).toBe(204);
      expect(res.headers.get("set-cookie")).toBeNull();
    }
    expect((await post(a.token, { step: "chosen" })).status).toBe(204);
    expect((await post(a.token, { step: "chosen" })).status).toBe(204);
    expect((await post(b.token, { step: "chosen" })).status).toBe(204);
    await db.query("UPDATE orders SET status = 'Success' WHERE id IN ($1, $2)", [a.order.id, c.order.id]);
    const after = await funnelCounts(db, range());
    expect({
      opened: after.opened - before.opened,
      chosen: after.chosen - before.chosen,
      paid: after.paid - before.paid,
    }).toEqual({ opened: 3, chosen: 2, paid: 1 });
    const rows = await db.query("SELECT * FROM pay_funnel WHERE order_id = $1", [a.order.id]);
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(["chosen_at", "opened_at", "order_id"]);

    const parsed = parseInsightsRange({ range: "24h", tz: "UTC" });
    if (!parsed.ok) throw new Error("range");
    const table = insightTable(await loadInsights(db, parsed.range), "bank-app-funnel");
    expect(table.columns).toEqual(["Step", "Orders", "Previous period", "Change", "Of pages opened"]);
    expect(table.rows.map((r) => r[0])).toEqual(["Pay page opened", "Bank app chosen", "Paid"]);
    expect(Number(table.rows[0]?.[1])).toBeGreaterThanOrEqual(3);
  });

  test("bad input: 400 naming the field; wrong type 415; too large 413; nothing recorded", async () => {
    const { token, order } = await qrPayin();
    const res = await post(token, { step: "paid" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: "invalid",
      fields: { step: "step must be one of: opened, chosen." },
    });
    expect((await post(token, {}, { raw: "{not json" })).status).toBe(400);
    expect(await (await post(token, {})).json()).toMatchObject({ fields: { step: expect.any(String) } });
    expect((await post(token, { step: "opened" }, { type: "text/plain" })).status).toBe(415);
    expect((await post(token, { step: "opened", pad: "x".repeat(400) })).status).toBe(413);
    expect(await db.query("SELECT 1 FROM pay_funnel WHERE order_id = $1", [order.id])).toEqual([]);
  });

  test("unknown tokens, pages without the chooser and another site's posts are refused", async () => {
    expect((await post("short", { step: "opened" })).status).toBe(404);
    expect((await post("a".repeat(40), { step: "opened" })).status).toBe(404);
    const pix = await qrPayin("PIX");
    expect((await post(pix.token, { step: "opened" })).status).toBe(404);
    const { token } = await qrPayin();
    const request = new Request(`http://localhost/api/pay/${token}/funnel`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example", host: "localhost" },
      body: JSON.stringify({ step: "opened" }),
    });
    expect((await POST(request, { params: Promise.resolve({ token }) })).status).toBe(403);
  });

  test("rate-limited per pay page: 429 with Retry-After once the window's events are spent", async () => {
    const { token } = await qrPayin();
    for (let i = 0; i < FUNNEL_TOKEN_RULE.limit; i++)
      expect((await post(token, { step: "opened" })).status).toBe(204);
    const res = await post(token, { step: "chosen" });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await res.json()).toMatchObject({ error: "rateLimited" });
  });
});
