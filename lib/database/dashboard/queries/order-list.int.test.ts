import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/database";
import { parseOrderListParams } from "@/lib/orders/list-filters";
import { insertTestOrder, openTestDashboardDb } from "@/lib/testing/test-orders";
import { countOrdersByStatus, getOrderStatuses, iterateOrders, listOrders } from "./order-list";

let db: Database;
let dispose: () => Promise<void> = async () => {};

beforeAll(async () => {
  ({ db, dispose } = await openTestDashboardDb());
});
afterAll(() => dispose());

async function expectedIds(where = "TRUE", params: unknown[] = []): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `SELECT id FROM orders WHERE ${where} ORDER BY created_at DESC, id DESC`,
    params,
  );
  return rows.map((r) => r.id);
}

describe("listOrders keyset pagination", () => {
  beforeAll(async () => {
    // 5 instants × 5 orders each: equal timestamps, and instants only a microsecond apart (a JS Date would
    // merge .123456 and .123457 into one millisecond and skip or repeat rows across pages).
    const instants = [
      "2026-01-01T10:00:00.123456Z",
      "2026-01-01T10:00:00.123457Z",
      "2026-01-01T10:00:00.123458Z",
      "2026-01-02T10:00:00Z",
      "2025-12-31T23:59:59.999999Z",
    ];
    for (const createdAt of instants) {
      for (let i = 0; i < 5; i++) await insertTestOrder(db, { createdAt, clientEmail: "pager@example.com" });
    }
  });

  it("walks forward across pages with equal timestamps without skipping or repeating", async () => {
    const filters = { q: "pager@" };
    const all = await expectedIds("client_email = 'pager@example.com'");
    expect(all).toHaveLength(25);
    const seen: string[] = [];
    let after: string | undefined;
    let pages = 0;
    for (;;) {
      const page = await listOrders(db, filters, { after, limit: 4 });
      pages++;
      expect(page.prevCursor === null).toBe(pages === 1);
      seen.push(...page.rows.map((r) => r.id));
      if (!page.nextCursor) break;
      after = page.nextCursor;
    }
    expect(pages).toBe(7);
    expect(seen).toEqual(all);
  });

  it("walks back with `before` to exactly the pages seen going forward", async () => {
    const filters = { q: "pager@" };
    const forward: { ids: string[]; next: string | null }[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await listOrders(db, filters, { after, limit: 6 });
      forward.push({ ids: page.rows.map((r) => r.id), next: page.nextCursor });
      if (!page.nextCursor) break;
      after = page.nextCursor;
    }
    // From the last page, follow prev links back to the first.
    let current = await listOrders(db, filters, {
      after: forward[forward.length - 2]?.next ?? undefined,
      limit: 6,
    });
    for (let i = forward.length - 1; i > 0; i--) {
      expect(current.rows.map((r) => r.id)).toEqual(forward[i]?.ids);
      expect(current.prevCursor).not.toBeNull();
      current = await listOrders(db, filters, { before: current.prevCursor ?? undefined, limit: 6 });
    }
    expect(current.rows.map((r) => r.id)).toEqual(forward[0]?.ids);
    expect(current.prevCursor).toBeNull();
    expect(current.nextCursor).toBe(forward[0]?.next);
  });

  it("streams every row of a filter in batches", async () => {
    const batches: string[][] = [];
    for await (const batch of iterateOrders(db, { q: "pager@" }, 7)) batches.push(batch.map((r) => r.id));
    expect(batches.map((b) => b.length)).toEqual([7, 7, 7, 4]);
    expect(batches.flat()).toEqual(await expectedIds("client_email = 'pager@example.com'"));
  });
});

describe("listOrders filters and search", () => {
  const tag = randomUUID().slice(0, 8);
  let payinBr: Awaited<ReturnType<typeof insertTestOrder>>;
  let payoutRu: Awaited<ReturnType<typeof insertTestOrder>>;

  beforeAll(async () => {
    payinBr = await insertTestOrder(db, {
      direction: "payin",
      paymentMethod: "PIX",
      country: "BR",
      currency: "BRL",
      status: "Success",
      clientEmail: `Ana.${tag}@Example.com`,
      createdAt: "2026-03-10T23:59:59.999999Z",
    });
    payoutRu = await insertTestOrder(db, {
      direction: "payout",
      paymentMethod: "SBP",
      country: "RU",
      status: "Failed",
      clientEmail: `ivan_${tag}@example.com`,
      createdAt: "2026-03-11T00:00:00Z",
    });
    await insertTestOrder(db, { clientEmail: `ivanX${tag}@example.com`, createdAt: "2026-03-12T00:00:00Z" });
  });

  const ids = async (query: Record<string, string>) => {
    const { filters, errors } = parseOrderListParams(query);
    expect(errors).toEqual([]);
    return (await listOrders(db, filters, { limit: 50 })).rows.map((r) => r.id);
  };

  it("filters by direction, method, status and country", async () => {
    expect(await ids({ direction: "payout", q: tag })).toEqual([payoutRu.id]);
    expect(await ids({ method: "PIX", q: tag })).toEqual([payinBr.id]);
    expect(await ids({ status: "Failed", q: tag })).toEqual([payoutRu.id]);
    expect(await ids({ country: "br", q: tag })).toEqual([payinBr.id]);
    expect(await ids({ direction: "payin", status: "Failed", q: tag })).toEqual([]);
  });

  it("filters by UTC day range, inclusive at both ends", async () => {
    expect(await ids({ from: "2026-03-10", to: "2026-03-10", q: tag })).toEqual([payinBr.id]);
    expect(await ids({ from: "2026-03-11", to: "2026-03-11", q: tag })).toEqual([payoutRu.id]);
    expect((await ids({ from: "2026-03-11", q: tag })).length).toBe(2);
    expect(await ids({ to: "2026-03-09", q: tag })).toEqual([]);
  });

  it("searches paymentId, order id and the service's id exactly, any case", async () => {
    expect(await ids({ q: payinBr.paymentId.toUpperCase() })).toEqual([payinBr.id]);
    expect(await ids({ q: payoutRu.id })).toEqual([payoutRu.id]);
    expect(await ids({ q: payoutRu.providerOrderId ?? "" })).toEqual([payoutRu.id]);
    expect(await ids({ q: randomUUID() })).toEqual([]);
  });

  it("finds an order by the start of its paymentId, order id or service id (4+ hex digits)", async () => {
    expect(await ids({ q: payinBr.paymentId.slice(0, 8) })).toEqual([payinBr.id]);
    expect(await ids({ q: payinBr.paymentId.slice(0, 11).toUpperCase() })).toEqual([payinBr.id]);
    expect(await ids({ q: payinBr.paymentId.replace(/-/g, "").slice(0, 20) })).toEqual([payinBr.id]);
    expect(await ids({ q: payoutRu.id.slice(0, 8) })).toEqual([payoutRu.id]);
    expect(await ids({ q: (payoutRu.providerOrderId ?? "").slice(0, 13) })).toEqual([payoutRu.id]);
    // Hex text that starts no id is searched in emails (the tag is 8 hex digits, part of both emails).
    expect(await ids({ q: tag })).toEqual(expect.arrayContaining([payinBr.id, payoutRu.id]));
  });

  it("a 4-digit prefix lists every order it starts (not emails then); 3 characters are refused, naming q", async () => {
    const shared = randomUUID().slice(0, 4);
    const a = await insertTestOrder(db, { paymentId: `${shared}${randomUUID().slice(4)}` });
    const b = await insertTestOrder(db, { id: `${shared}${randomUUID().slice(4)}` });
    const emailOnly = await insertTestOrder(db, { clientEmail: `x${shared}@example.com` });
    const found = await ids({ q: shared });
    const starting = await expectedIds(
      "id::text LIKE $1 OR payment_id::text LIKE $1 OR provider_order_id::text LIKE $1",
      [`${shared}%`],
    );
    expect(found).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(found).toEqual(starting.slice(0, 50));
    expect(found).not.toContain(emailOnly.id);
    expect(parseOrderListParams({ q: shared.slice(0, 3) }).errors).toEqual([
      { field: "q", message: "Type at least 4 characters to search" },
    ]);
  });

  it("an id prefix stays an id search when the other filters leave none of its orders (no email fallback)", async () => {
    const shared = randomUUID().slice(0, 6);
    const started = await insertTestOrder(db, { paymentId: `${shared}${randomUUID().slice(6)}` });
    const failedEmail = await insertTestOrder(db, {
      clientEmail: `y${shared}@example.com`,
      status: "Failed",
    });
    expect(await ids({ q: shared })).toEqual([started.id]);
    const failedStarting = await expectedIds(
      "status = 'Failed' AND (id::text LIKE $1 OR payment_id::text LIKE $1 OR provider_order_id::text LIKE $1)",
      [`${shared}%`],
    );
    expect(await ids({ q: shared, status: "Failed" })).toEqual(failedStarting);
    expect(await ids({ q: shared, status: "Failed" })).not.toContain(failedEmail.id);
  });

  it("searches client email by part, case-insensitively, with LIKE wildcards taken literally", async () => {
    expect(await ids({ q: `ana.${tag}@example` })).toEqual([payinBr.id]);
    expect(await ids({ q: `ivan_${tag}` })).toEqual([payoutRu.id]); // "_" is not a wildcard
    expect(await ids({ q: `%${tag}` })).toEqual([]);
  });

  it("counts orders by status and reads live statuses", async () => {
    const counts = await countOrdersByStatus(db);
    expect(counts.find((c) => c.status === "Success")?.count).toBeGreaterThanOrEqual(1);
    expect(counts.reduce((n, c) => n + c.count, 0)).toBe((await expectedIds()).length);
    const statuses = await getOrderStatuses(db, [
      payinBr.id,
      payoutRu.id.toUpperCase(),
      "not-a-uuid",
      randomUUID(),
    ]);
    expect(Object.fromEntries(statuses.map((s) => [s.id, s.status]))).toEqual({
      [payinBr.id]: "Success",
      [payoutRu.id]: "Failed",
    });
    expect(await getOrderStatuses(db, ["nope"])).toEqual([]);
  });
});
