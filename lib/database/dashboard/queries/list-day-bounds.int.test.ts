/**
 * Every list's day filter (orders, callbacks, the payment-API call log) bounded by the one time rule
 * (lib/contract/time-filter.ts, issue 19 §4): a day whose span leaves 1970–9999 is reported as a filter error
 * and left out, so the list answers instead of failing in the database (PGlite could not read year 0 or
 * 10000 back: the page was a 500).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCallbackListParams } from "@/lib/callbacks/list-filters";
import type { Database } from "@/lib/database";
import { parseOrderListParams } from "@/lib/orders/list-filters";
import { parseCallListParams } from "@/lib/request-log/list-filters";
import { openTestDashboardDb } from "@/lib/testing/test-orders";
import { listCallbacks } from "./callback-list";
import { listOrders } from "./order-list";
import { listCalls } from "./payment-api-calls";

let db: Database;
let dispose: () => Promise<void> = async () => {};

beforeAll(async () => {
  ({ db, dispose } = await openTestDashboardDb());
});
afterAll(() => dispose());

const OUT_OF_RANGE = ["0000-01-01", "0001-01-01", "1969-12-31", "9999-12-31"];
const IN_RANGE = ["1970-01-01", "2026-11-26", "9999-12-30"];

describe("day filters of the lists", () => {
  it.each(OUT_OF_RANGE)("%s is a filter error, and every list still answers", async (day) => {
    const params = new URLSearchParams({ from: day, to: day });
    const orders = parseOrderListParams(params);
    expect(orders.errors.map((e) => e.field).sort()).toEqual(["from", "to"]);
    await listOrders(db, orders.filters, { ...orders.page, limit: 5 });
    const callbacks = parseCallbackListParams(params);
    expect(callbacks.errors.map((e) => e.field).sort()).toEqual(["from", "to"]);
    await listCallbacks(db, callbacks.filters, { ...callbacks.page, limit: 5 });
    const calls = parseCallListParams(params);
    expect(calls.errors.map((e) => e.field).sort()).toEqual(["from", "to"]);
    await listCalls(db, calls.filters, { ...calls.page, limit: 5 });
  });

  it.each(IN_RANGE)("%s is a day every list filters on", async (day) => {
    const params = new URLSearchParams({ from: day, to: day });
    const orders = parseOrderListParams(params);
    expect(orders.errors).toEqual([]);
    await listOrders(db, orders.filters, { ...orders.page, limit: 5 });
    const callbacks = parseCallbackListParams(params);
    expect(callbacks.errors).toEqual([]);
    await listCallbacks(db, callbacks.filters, { ...callbacks.page, limit: 5 });
    const calls = parseCallListParams(params);
    expect(calls.errors).toEqual([]);
    await listCalls(db, calls.filters, { ...calls.page, limit: 5 });
  });
});
