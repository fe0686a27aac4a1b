/**
 * The request log's list (TEST_DB backend): each filter, the bank-directory reads left out by default, keyset
 * pages across more than a page of equal timestamps, and the CSV's capped iteration. Attempts are stored
 * through the log's own writer (storeAttempt), so kind, error kind and order links are as in production.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/database";
import { storeAttempt } from "@/lib/payment-api/call-log";
import type { ApiAttempt } from "@/lib/payment-api/http";
import { parseCallListParams } from "@/lib/request-log/list-filters";
import { addTestUser } from "@/lib/testing/auth-database";
import { insertTestOrder, openTestDashboardDb, type TestOrder } from "@/lib/testing/test-orders";
import { type CallListRow, iterateCalls, listCalls } from "./payment-api-calls";

let db: Database;
let dispose: () => Promise<void> = async () => {};

const BASE = "http://service.test";
let ops: { id: string; email: string };
let order: TestOrder;
let other: TestOrder;

/** One stored attempt; its request id (the row's `callId`) tells them apart in assertions. */
async function attempt(
  { path, ...a }: Partial<ApiAttempt> & { path: string },
  userId: string | null = null,
): Promise<string> {
  const callId = randomUUID();
  const defaults: ApiAttempt = {
    callId,
    attempt: 1,
    startedAt: new Date("2026-03-10T12:00:00Z"),
    method: "POST",
    url: `${BASE}${path}`,
    requestBody: null,
    status: 200,
    responseBody: null,
    error: null,
    errorKind: null,
    latencyMs: 12,
  };
  await storeAttempt(db, { ...defaults, ...a }, userId);
  return callId;
}

const callIds = (rows: CallListRow[]) => rows.map((r) => r.callId).sort();
const list = async (query: string) => {
  const { filters, errors } = parseCallListParams(new URLSearchParams(query));
  expect(errors).toEqual([]);
  return (await listCalls(db, filters, { limit: 100 })).rows;
};

const ids: Record<string, string> = {};

beforeAll(async () => {
  ({ db, dispose } = await openTestDashboardDb());
  ops = await addTestUser(db, { email: `ops-${randomUUID()}@example.com`, password: "x".repeat(12) });
  order = await insertTestOrder(db, { clientEmail: "filters@example.com" });
  other = await insertTestOrder(db);
  ids.create = await attempt(
    { path: "/api/v1/payin/create", requestBody: JSON.stringify({ paymentId: order.paymentId }) },
    ops.id,
  );
  ids.otherCreate = await attempt({
    path: "/api/v1/payout/create",
    requestBody: JSON.stringify({ paymentId: other.paymentId }),
    status: 422,
    startedAt: new Date("2026-03-11T08:00:00Z"),
  });
  ids.markPaid = await attempt(
    { path: `/sandbox/orders/${order.providerOrderId}/status`, requestBody: '{"status":"Success"}' },
    ops.id,
  );
  ids.timeout = await attempt({
    path: "/api/v1/payin/create",
    status: null,
    error: "The payment service did not answer within 10000 ms (1 attempt)",
    errorKind: "timeout",
    startedAt: new Date("2026-03-09T23:59:59Z"),
  });
  ids.network = await attempt({
    path: "/api/v1/payin/create",
    status: null,
    error: "The payment service could not be reached: ECONNREFUSED (1 attempt)",
    errorKind: "network",
  });
  ids.server = await attempt({ path: "/api/v1/payin/create", status: 503 });
  ids.banks = await attempt({ method: "GET", path: "/api/v1/bank/available?country=RU" }, ops.id);
});
afterAll(() => dispose());

describe("listCalls filters", () => {
  it("leaves the bank-directory reads out by default; banks=1 or call=bank-list shows them", async () => {
    const all = Object.entries(ids).filter(([k]) => k !== "banks");
    expect(callIds(await list(""))).toEqual(all.map(([, v]) => v).sort());
    expect(callIds(await list("banks=1"))).toEqual(Object.values(ids).sort());
    expect(callIds(await list("call=bank-list"))).toEqual([ids.banks]);
  });

  it("by call kind", async () => {
    expect(callIds(await list("call=payout-create"))).toEqual([ids.otherCreate]);
    expect(callIds(await list("call=sandbox"))).toEqual([ids.markPaid]);
    expect(await list("call=payin-create")).toHaveLength(4);
  });

  it("by order: its id, paymentId or service id, whole or their start, and its email as the orders search", async () => {
    const mine = [ids.create, ids.markPaid].sort();
    for (const q of [
      order.id,
      order.paymentId.slice(0, 8),
      order.paymentId.toUpperCase(),
      order.providerOrderId ?? "",
      "filters@example",
    ]) {
      expect(callIds(await list(`order=${encodeURIComponent(q)}`)), q).toEqual(mine);
    }
    expect(callIds(await list(`order=${other.id}`))).toEqual([ids.otherCreate]);
    expect(await list(`order=${randomUUID()}`)).toEqual([]);
  });

  it("by status: a code, a class, timeout or network", async () => {
    expect(callIds(await list("status=503"))).toEqual([ids.server]);
    expect(callIds(await list("status=4xx"))).toEqual([ids.otherCreate]);
    expect(callIds(await list("status=5xx"))).toEqual([ids.server]);
    expect(callIds(await list("status=timeout"))).toEqual([ids.timeout]);
    expect(callIds(await list("status=NETWORK"))).toEqual([ids.network]);
    expect(await list("status=200")).toHaveLength(2);
  });

  it("by who: a person's email (any case), or the dashboard itself", async () => {
    expect(callIds(await list(`who=${encodeURIComponent(ops.email.toUpperCase())}`))).toEqual(
      [ids.create, ids.markPaid].sort(),
    );
    expect(callIds(await list(`who=${encodeURIComponent(ops.email)}&banks=1`))).toHaveLength(3);
    expect(callIds(await list("who=system"))).toEqual(
      [ids.otherCreate, ids.timeout, ids.network, ids.server].sort(),
    );
    expect(await list("who=nobody@example.com")).toEqual([]);
  });

  it("by day: From and To are whole UTC days", async () => {
    expect(callIds(await list("to=2026-03-09"))).toEqual([ids.timeout]);
    expect(callIds(await list("from=2026-03-11"))).toEqual([ids.otherCreate]);
    expect(await list("from=2026-03-10&to=2026-03-10")).toHaveLength(4);
  });

  it("combines filters", async () => {
    expect(callIds(await list("call=payin-create&status=2xx&who=system"))).toEqual([]);
    expect(callIds(await list(`call=payin-create&order=${order.paymentId.slice(0, 6)}`))).toEqual([
      ids.create,
    ]);
  });
});

describe("listCalls pages", () => {
  const tag = "/api/v1/payout/create";
  const paged: string[] = [];
  const PAGE = 100;

  beforeAll(async () => {
    // 130 attempts in 5 instants, 26 at each, in a day of their own: pages must break inside equal times.
    for (let i = 0; i < 130; i++) {
      paged.push(
        await attempt({ path: tag, startedAt: new Date(Date.UTC(2026, 4, 1, 9, 0, 0, Math.floor(i / 26))) }),
      );
    }
  });
  const filters = { call: "payout-create", from: "2026-05-01", to: "2026-05-01" } as const;

  it("walks beyond the newest 100, forwards and back, without skipping or repeating", async () => {
    const first = await listCalls(db, filters, { limit: PAGE });
    expect(first.rows).toHaveLength(PAGE);
    expect(first.prevCursor).toBeNull();
    expect(first.nextCursor).not.toBeNull();
    const second = await listCalls(db, filters, { after: first.nextCursor ?? "", limit: PAGE });
    expect(second.rows).toHaveLength(30);
    expect(second.nextCursor).toBeNull();
    const seen = [...first.rows, ...second.rows];
    expect(callIds(seen)).toEqual([...paged].sort());
    // Newest first throughout.
    const times = seen.map((r) => r.startedAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const back = await listCalls(db, filters, { before: second.prevCursor ?? "", limit: PAGE });
    expect(back.rows.map((r) => r.id)).toEqual(first.rows.map((r) => r.id));
    expect(back.prevCursor).toBeNull();
  });

  it("the CSV's iteration stops at its cap, newest first", async () => {
    const rows: CallListRow[] = [];
    for await (const batch of iterateCalls(db, filters, 120, 50)) rows.push(...batch);
    expect(rows).toHaveLength(120);
    const first = (await listCalls(db, filters, { limit: 100 })).rows;
    expect(rows.slice(0, 100).map((r) => r.id)).toEqual(first.map((r) => r.id));
  });
});
