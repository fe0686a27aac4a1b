/**
 * Group commit of creates (issue 9 §7) over HTTP, on the TEST_DB backend: creates that arrive together
 * share insert statements, and the idempotency rule holds inside a group as across groups.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { samplePayinRequest } from "@/lib/contract/samples";
import type { Database } from "@/lib/database";
import { type ScratchSandbox, startScratchSandbox } from "@/lib/testing/sandbox-fixture";
import { signedClient } from "@/lib/testing/sandbox-http";
import type { RunningSandbox } from "./server";

let scratch: ScratchSandbox;
let db: Database;
let sandbox: RunningSandbox;
/** Statements that inserted orders, as the database saw them. */
let orderInserts = 0;

beforeAll(async () => {
  const counting = (db: Database): Database => ({
    kind: db.kind,
    query: (text, params) => {
      if (/^insert into "sandbox_orders"/i.test(text.trim())) orderInserts++;
      return db.query(text, params);
    },
    transaction: (fn) => db.transaction(fn),
    exec: (script) => db.exec(script),
    listen: (channel, onPayload) => db.listen(channel, onPayload),
    close: () => db.close(),
  });
  scratch = await startScratchSandbox("sandbox_group", { rateLimit: 0 }, counting);
  ({ sandbox, db } = scratch);
});

afterAll(() => scratch?.close());

describe("group commit of creates", () => {
  it("200 creates at once, 4 of each paymentId: 50 orders, each replay answered with its order, fewer statements", async () => {
    const api = signedClient(sandbox.url);
    const requests = Array.from({ length: 50 }, () => samplePayinRequest("SBP"));
    const before = orderInserts;
    const answers = await Promise.all(
      requests.flatMap((request) =>
        Array.from({ length: 4 }, async () => {
          const res = await api.post("/api/v1/payin/create", request);
          expect(res.status).toBe(200);
          return { paymentId: request.paymentId, id: ((await res.json()) as { id: string }).id };
        }),
      ),
    );
    const idsByPayment = new Map<string, Set<string>>();
    for (const a of answers)
      idsByPayment.set(a.paymentId, (idsByPayment.get(a.paymentId) ?? new Set()).add(a.id));
    expect([...idsByPayment.values()].every((ids) => ids.size === 1)).toBe(true);

    const [row] = await db.query<{ n: number; distinct: number }>(
      "SELECT count(*)::int AS n, count(DISTINCT payment_id)::int AS distinct FROM sandbox_orders",
    );
    expect(row).toEqual({ n: 50, distinct: 50 });
    const statements = orderInserts - before;
    expect(statements).toBeGreaterThan(0);
    expect(statements).toBeLessThan(200);
  });

  it("a different body for a paymentId in the same group is a 409, and the first body's order stands", async () => {
    const api = signedClient(sandbox.url);
    const request = samplePayinRequest("SBP");
    const other = { ...request, amount: request.amount + 1 };
    const statuses = await Promise.all(
      [request, other, request, other].map(
        async (body) => (await api.post("/api/v1/payin/create", body)).status,
      ),
    );
    expect(statuses.filter((s) => s === 200).length + statuses.filter((s) => s === 409).length).toBe(4);
    expect(statuses.filter((s) => s === 409)).toHaveLength(2);
    const rows = await db.query<{ amount: string }>(
      "SELECT amount::text FROM sandbox_orders WHERE payment_id = $1",
      [request.paymentId],
    );
    expect(rows).toHaveLength(1);
  });
});
