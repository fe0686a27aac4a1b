/**
 * Migration 0015: calls logged before it get the kind lib/payment-api/call-kinds.ts gives (and timeout or
 * network from their message), and its indexes serve the very statements listCalls sends, EXPLAINed on a log of
 * realistic size and make-up, analysed, with sequential scans priced out.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, migrate } from "@/lib/database";
import { listCalls } from "@/lib/database/dashboard/queries/payment-api-calls";
import { insertUser } from "@/lib/database/dashboard/queries/users";
import { callKindOf } from "@/lib/payment-api/call-kinds";
import type { CallListFilters, CallListPage } from "@/lib/request-log/list-filters";
import { createScratchDatabase, type ScratchDatabase } from "@/lib/testing/database";
import { migrations } from "./index";
import { plansOf } from "@/lib/testing/query-plans";

const LOCK = 731_015;
let scratch: ScratchDatabase;
let db: Database;

beforeAll(async () => {
  scratch = await createScratchDatabase("m0015");
  db = await scratch.open();
  await migrate(
    db,
    migrations.filter((m) => m.id < "0015"),
    LOCK,
  );
});
afterAll(async () => {
  await db?.close();
  await scratch?.drop();
});

/** Calls as 0013 stored them: [method, url, status, error]. */
const BEFORE: [string, string, number | null, string | null][] = [
  ["POST", "http://127.0.0.1:4010/api/v1/payin/create", 200, null],
  ["POST", "https://psp.example/gateway/api/v1/payout/create", 422, null],
  ["GET", "http://127.0.0.1:4010/api/v1/bank/available?country=RU", 200, null],
  ["GET", "http://127.0.0.1:4010/api/v1/bank/available", 200, null],
  ["POST", `http://127.0.0.1:4010/sandbox/orders/${randomUUID()}/status`, 200, null],
  ["GET", `http://127.0.0.1:4010/sandbox/orders/${randomUUID()}`, 200, null],
  ["GET", "http://sandbox/api/v1/payin/create", 405, null],
  ["POST", "http://127.0.0.1:4010/api/v1/payin/create/extra", 404, null],
  [
    "POST",
    "http://127.0.0.1:4010/api/v1/payin/create",
    null,
    "The payment service did not answer within 10000 ms (1 attempt)",
  ],
  [
    "POST",
    "http://127.0.0.1:4010/api/v1/payin/create",
    null,
    "The payment service could not be reached: ECONNREFUSED (2 attempts)",
  ],
];

/**
 * Rebuilds `table`'s indexes so that every transaction may plan with them. The migration updates the table's rows
 * and then indexes them; the update's broken HOT chains make PostgreSQL mark those indexes `indcheckxmin`, and a
 * transaction whose snapshot is older than the index's pg_index row plans without it. That snapshot's horizon
 * is the whole server's: any transaction open in another database (another test file, in a full run) since
 * before the migration hides the indexes, and both plans below then fell back to payment_api_calls_started_idx
 * (failed twice in full runs; reproduced by holding a transaction open in the `postgres` database). In
 * production this lasts until the transactions that were open during the migration end. After the VACUUM has
 * removed the dead rows, REINDEX finds no broken chain and clears the mark.
 */
async function reindexForEveryTransaction(database: Database, table: string): Promise<void> {
  await database.exec(`REINDEX TABLE ${table}`);
  const marked = await database.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
     WHERE i.indrelid = $1::regclass AND i.indcheckxmin`,
    [table],
  );
  expect(marked.map((m) => m.name)).toEqual([]);
}

/** The plan of the statement listCalls sends for these filters, as text. */
async function planOf(filters: CallListFilters, page: CallListPage = {}): Promise<string> {
  const plans = await plansOf(db, (sql) => listCalls(sql, filters, { ...page, limit: 100 }));
  expect(plans).toHaveLength(1);
  return plans.join("\n");
}

/** A later page's cursor (keyset-cursor.ts: microseconds, then the id), at CURSOR_AT. */
const CURSOR_AT = new Date("2026-03-10T12:00:00Z");
const CURSOR = `${CURSOR_AT.getTime() * 1000}_${randomUUID()}`;

describe("0015 request log filters", () => {
  it("files the calls logged before it as call-kinds.ts does, with timeout or network from the message", async () => {
    for (const [method, url, status, error] of BEFORE) {
      await db.query(
        `INSERT INTO payment_api_calls (id, call_id, attempt, started_at, method, url, status, error, latency_ms)
         VALUES ($1, $2, 1, now(), $3, $4, $5, $6, 5)`,
        [randomUUID(), randomUUID(), method, url, status, error],
      );
    }
    await migrate(db, migrations, LOCK);
    const rows = await db.query<{
      method: string;
      url: string;
      kind: string;
      error: string | null;
      error_kind: string | null;
    }>("SELECT method, url, kind, error, error_kind FROM payment_api_calls");
    expect(rows).toHaveLength(BEFORE.length);
    for (const row of rows) expect(row.kind, row.url).toBe(callKindOf(row.method, row.url));
    const errorKinds = Object.fromEntries(rows.filter((r) => r.error).map((r) => [r.error_kind, r.error]));
    expect(errorKinds).toEqual({ timeout: BEFORE[8]?.[3], network: BEFORE[9]?.[3] });
    expect(rows.filter((r) => !r.error).every((r) => r.error_kind === null)).toBe(true);
  });

  describe("plans, on a log of realistic size and make-up, analysed", () => {
    // With only the ten rows above, the costs of the indexes that could serve a page came out nearly equal and
    // the choice flipped with the table's physical state (another file's open snapshot delays pruning, PostgreSQL
    // run): a plan test must be decided by statistics. 20,000 calls: 3 in 100 bank reads, 1 in 100 made by the
    // system rather than a person, half of them before the pages' cursor.
    beforeAll(async () => {
      const user = await insertUser(db, {
        id: randomUUID(),
        email: `m0015-${randomUUID()}@example.com`,
        name: "Plans",
        role: "operator",
        passwordHash: "x",
      });
      await db.query(
        `INSERT INTO payment_api_calls (id, call_id, attempt, started_at, method, url, status, latency_ms, kind, user_id)
       SELECT gen_random_uuid(), gen_random_uuid(), 1, $2::timestamptz + (10000 - g) * interval '1 minute', 'POST', 'http://x/', 200, 5,
              CASE WHEN g % 100 < 3 THEN 'bank-list' ELSE 'payin-create' END,
              CASE WHEN g % 100 = 99 THEN NULL ELSE $1::uuid END
       FROM generate_series(1, 20000) AS g`,
        [user?.id, CURSOR_AT.toISOString()],
      );
      // VACUUM: the index statistics exact and the visibility map set.
      await db.exec("VACUUM ANALYZE payment_api_calls");
      await reindexForEveryTransaction(db, "payment_api_calls");
    });

    it("serves the default view and its later pages by the index without the bank reads", async () => {
      for (const plan of [await planOf({}), await planOf({}, { after: CURSOR })]) {
        expect(plan).toContain("payment_api_calls_listed_idx");
        expect(plan).not.toContain("Sort");
      }
    });

    it("serves the call and who filters' pages by their indexes", async () => {
      const byCall = await planOf({ call: "bank-list" }, { after: CURSOR });
      expect(byCall).toContain("payment_api_calls_kind_idx");
      expect(byCall).not.toContain("Sort");
      expect(await planOf({ who: "system", banks: "1" })).toContain("payment_api_calls_user_idx");
    });
  });
});
