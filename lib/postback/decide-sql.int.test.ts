/**
 * The receiver applies statuses in SQL (receive_signed_callback, migration 0003); lib/postback/decide.ts
 * states the rule. This property checks that the two agree on generated histories, on both databases.
 */
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/database";
import { decideStatusChange } from "./decide";
import { receiveCallback } from "./receive";
import { callbackFor, signedHeadersFor } from "@/lib/testing/signed-callbacks";
import { insertTestOrder, openTestDashboardDb } from "@/lib/testing/test-orders";
import { fuzzRuns, fuzzSeed } from "@/lib/testing/fuzz";

const ACCOUNT = { clientId: "decide-merchant", secret: "decide-secret" };
const STATUSES = [
  "Submitting",
  "Submit failed",
  "In progress",
  "Pending review",
  "Success",
  "Failed",
  "Expired",
];
const SEED = fuzzSeed();

let db: Database;
let dispose: () => Promise<void> = async () => {};
beforeAll(async () => {
  ({ db, dispose } = await openTestDashboardDb());
});
afterAll(() => dispose());

describe("receive_signed_callback", () => {
  it("decides every delivered status as decideStatusChange does", async () => {
    const base = Date.UTC(2026, 0, 1);
    const at = fc.integer({ min: 0, max: 20 }).map((s) => new Date(base + s * 1000));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...STATUSES),
        fc.option(at, { nil: null }),
        fc.constantFrom(...STATUSES.slice(2), "On hold"),
        at,
        async (current, currentAt, delivered, deliveredAt) => {
          const order = await insertTestOrder(db, { status: current });
          await db.query("UPDATE orders SET status_updated_at = $2 WHERE id = $1", [order.id, currentAt]);
          const body = JSON.stringify(
            callbackFor(order, { status: delivered, updatedAt: deliveredAt.toISOString() }),
          );
          const result = await receiveCallback(db, {
            headers: signedHeadersFor(body, ACCOUNT, `evt_${randomUUID()}`),
            rawBody: body,
            ...ACCOUNT,
          });
          const expected = decideStatusChange(
            { status: current, statusUpdatedAt: currentAt },
            { status: delivered, updatedAt: deliveredAt },
          );
          expect(result).toMatchObject({ httpStatus: 200, outcome: expected, orderId: order.id });
          const rows = await db.query<{ status: string }>("SELECT status FROM orders WHERE id = $1", [
            order.id,
          ]);
          expect(rows[0]?.status).toBe(expected === "applied" ? delivered : current);
        },
      ),
      { numRuns: fuzzRuns(300), seed: SEED },
    );
  }, 300_000);
});
