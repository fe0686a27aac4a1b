/**
 * Migration 0006 reclassifies the "Submit failed" orders whose stored answer refuses the order itself, with
 * the same rule as lib/orders/refusal.ts: a database migrated up to 0005 gets one order per kind of failure,
 * then 0006, and each must end as isRefusal says.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, migrate } from "@/lib/database";
import { createScratchDatabase, type ScratchDatabase } from "@/lib/testing/database";
import { isRefusal, REFUSAL_STATUSES } from "@/lib/orders/refusal";
import { REFUSAL_STATUS_SQL } from "./0006_order_refused";
import { migrations } from "./index";

const LOCK = 731_006;
let scratch: ScratchDatabase;
let db: Database;

beforeAll(async () => {
  scratch = await createScratchDatabase("m0006");
  db = await scratch.open();
  await migrate(
    db,
    migrations.filter((m) => m.id < "0006"),
    LOCK,
  );
});
afterAll(async () => {
  await db?.close();
  await scratch?.drop();
});

const FAILURES: Record<string, unknown>[] = [
  ...[400, 401, 403, 404, 409, 410, 413, 415, 422, 429, 500, 503].map((status) => ({
    kind: "problem",
    status,
    retryable: status >= 500,
  })),
  { kind: "problem", status: "400" },
  { kind: "timeout", retryable: true },
  { kind: "network", retryable: true },
  { kind: "contract", status: 200, retryable: false },
  { kind: "resume-needs-input", retryable: true },
];

describe("0006 order refused", () => {
  it("repeats REFUSAL_STATUSES in its SQL", () => {
    expect(REFUSAL_STATUS_SQL.split(",").map((s) => Number(s.trim()))).toEqual([...REFUSAL_STATUSES]);
  });

  it("moves exactly the refusals from 'Submit failed' to 'Refused' and leaves other statuses alone", async () => {
    const rows: { id: string; failure: Record<string, unknown>; status: string }[] = [];
    for (const failure of FAILURES) rows.push({ id: crypto.randomUUID(), failure, status: "Submit failed" });
    // Not "Submit failed": kept whatever their last error says.
    for (const status of ["In progress", "Submitting", "Success"]) {
      rows.push({ id: crypto.randomUUID(), failure: { kind: "problem", status: 400 }, status });
    }
    for (const r of rows) {
      await db.query(
        `INSERT INTO orders (id, direction, payment_id, payment_method, amount, currency, country, status, request,
           client_email, last_error)
         VALUES ($1, 'payin', $2, 'Card', '5.00', 'RUB', 'RU', $3, '{}'::jsonb, 'c@example.com', $4::jsonb)`,
        [r.id, crypto.randomUUID(), r.status, JSON.stringify(r.failure)],
      );
    }
    await migrate(db, migrations, LOCK);
    for (const r of rows) {
      const got = await db.query<{ status: string; resend_of: string | null }>(
        "SELECT status, resend_of FROM orders WHERE id = $1",
        [r.id],
      );
      const expected = r.status === "Submit failed" && isRefusal(r.failure) ? "Refused" : r.status;
      expect({ failure: r.failure, status: got[0]?.status }).toEqual({
        failure: r.failure,
        status: expected,
      });
      expect(got[0]?.resend_of).toBeNull();
    }
    const refused = rows.filter((r) => r.status === "Submit failed" && isRefusal(r.failure));
    expect(refused).toHaveLength(REFUSAL_STATUSES.length);
  });
});
