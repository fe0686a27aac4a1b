/**
 * The search indexes serve the very statements listOrders sends: the test runs listOrders over a handle that
 * EXPLAINs instead of executing, with sequential scans priced out (a near-empty table would never pick an
 * index otherwise), and looks for the index in the plan.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/database";
import { createScratchDatabase, type ScratchDatabase, testBackend } from "@/lib/testing/database";
import { openDashboardDatabase } from "@/lib/database/dashboard/client";
import { listOrders } from "@/lib/database/dashboard/queries/order-list";
import { plansOf } from "@/lib/testing/query-plans";

let scratch: ScratchDatabase;
let db: Database;

beforeAll(async () => {
  scratch = await createScratchDatabase("search_idx");
  db = await openDashboardDatabase(await scratch.open());
});
afterAll(async () => {
  await db?.close();
  await scratch?.drop();
});

/** The plans of the statements listOrders sends for a search, as text. */
async function planOfSearch(q: string): Promise<string> {
  // No row for the first statement (an id-prefix search's page), then one for every other: so an id-prefix
  // search sends its page and then its probe (which finds a match), and both are planned.
  const plans = await plansOf(
    db,
    (sql) => listOrders(sql, { q }, { limit: 50 }),
    (n) => (n === 1 ? [] : [{}]),
  );
  expect(plans.length).toBeGreaterThan(0);
  return plans.join("\n");
}

describe("0900 order search indexes", () => {
  it("creates the payment_id index on every backend", async () => {
    const rows = await db.query<{ indexname: string }>(
      "SELECT indexname FROM pg_indexes WHERE tablename = 'orders' AND indexname = 'orders_payment_id_idx'",
    );
    expect(rows).toHaveLength(1);
  });

  it("serves a full-UUID search by indexes, payment_id included", async () => {
    const plan = await planOfSearch("0b7c5bde-3f4e-4c41-9d2a-7a1e2f3b4c5d");
    expect(plan).toContain("orders_payment_id_idx");
    expect(plan).toContain("orders_pkey");
    expect(plan).toContain("orders_provider_order_id_key");
  });

  it("serves an id-prefix search (the page, and the probe when the page is empty) by ranges on the uuid indexes", async () => {
    const plan = await planOfSearch("7651ab12");
    for (const index of ["orders_payment_id_idx", "orders_pkey", "orders_provider_order_id_key"]) {
      expect(plan.split("\n").filter((line) => line.includes(index)).length).toBeGreaterThanOrEqual(2);
    }
    expect(plan).not.toContain("Seq Scan");
  });

  it.runIf(testBackend() === "postgres")(
    "serves the email substring search by the trigram index",
    async () => {
      const plan = await planOfSearch("ivan.petrov");
      expect(plan).toContain("orders_client_email_trgm_idx");
    },
  );
});
