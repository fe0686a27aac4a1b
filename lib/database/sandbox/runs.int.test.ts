/**
 * Removing what a QA run made (deleteAccountData) while the sandbox's own work goes on. The sandbox answered
 * DELETE /sandbox/runs/{clientId} with a 500 in CI on PostgreSQL: a callback's delivery recorded an attempt
 * after the removal had deleted the run's attempts and before it deleted their callback, so the callback's
 * delete broke the attempts' foreign key. The races are built here on purpose, on PostgreSQL; the plain
 * removal runs on both databases (TEST_DB).
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Sql } from "@/lib/database";
import { enqueueCallback, recordAttempt } from "./callbacks";
import { insertOrderIfNew } from "./orders";
import { deleteAccountData, findRun, insertRun } from "./runs";
import { createScratchDatabase, type ScratchDatabase, testBackend } from "@/lib/testing/database";
import { deferred, untilWaitingOnLocks } from "@/lib/testing/locks";
import { sampleSandboxOrder } from "@/lib/testing/sandbox-rows";

let scratch: ScratchDatabase;
let db: Database;
beforeAll(async () => {
  scratch = await createScratchDatabase("sandbox_run_removal", "sandbox");
  db = await scratch.open();
});
afterAll(async () => {
  await db?.close();
  await scratch?.drop();
});

/** A run with one order and that order's callback. */
async function runWithCallback(): Promise<{ clientId: string; orderId: string; callbackId: string }> {
  const clientId = `run-${randomUUID()}`;
  const at = new Date();
  await insertRun(db, {
    clientId,
    secret: "s",
    parentClientId: "test-merchant",
    label: null,
    chaos: null,
    at,
  });
  const order = sampleSandboxOrder({ clientId, postbackUrl: "http://127.0.0.1:9/hook" });
  await insertOrderIfNew(db, order);
  const callbackId = await addCallback(db, clientId, order.id);
  return { clientId, orderId: order.id, callbackId };
}

async function addCallback(sql: Sql, clientId: string, orderId: string): Promise<string> {
  const id = randomUUID();
  await enqueueCallback(sql, {
    id,
    orderId,
    clientId,
    url: "http://127.0.0.1:9/hook",
    status: "Success",
    body: "{}",
    at: new Date(),
  });
  return id;
}

async function addAttempt(sql: Sql, callbackId: string): Promise<void> {
  const attempt = {
    callbackId,
    attempt: 1,
    startedAt: new Date(),
    durationMs: 3,
    statusCode: 200,
    error: null,
  };
  await recordAttempt(sql, { id: randomUUID(), ...attempt, chaos: null });
}

/** How many rows of the run are left in each table it writes to. */
async function leftOf(clientId: string): Promise<{ orders: number; callbacks: number; attempts: number }> {
  const [row] = await db.query<{ orders: number; callbacks: number; attempts: number }>(
    `SELECT (SELECT count(*)::int FROM sandbox_orders WHERE client_id = $1) AS orders,
            (SELECT count(*)::int FROM sandbox_callbacks WHERE client_id = $1) AS callbacks,
            (SELECT count(*)::int FROM sandbox_callback_attempts a JOIN sandbox_callbacks c ON c.id = a.callback_id
              WHERE c.client_id = $1) AS attempts`,
    [clientId],
  );
  return row!;
}

/**
 * Runs `write` in a transaction that stays open until deleteAccountData waits for its row lock, then commits
 * it: the removal, already past the table `write` added to, meets the new row only at the foreign key.
 */
async function removeWhileWriting(clientId: string, write: (tx: Sql) => Promise<void>): Promise<number> {
  const written = deferred();
  const commit = deferred();
  const writer = db.transaction(async (tx) => {
    await write(tx);
    written.resolve();
    await commit.promise;
  });
  await written.promise;
  const removal = deleteAccountData(db, clientId, { andAccount: true });
  await untilWaitingOnLocks(db, 1);
  commit.resolve();
  await writer;
  return removal;
}

describe("removing a run's data", () => {
  it("removes the run, its orders, callbacks and attempts, and nothing of another run", async () => {
    const gone = await runWithCallback();
    const kept = await runWithCallback();
    await addAttempt(db, gone.callbackId);
    await addAttempt(db, kept.callbackId);
    expect(await deleteAccountData(db, gone.clientId, { andAccount: true })).toBe(1);
    expect(await leftOf(gone.clientId)).toEqual({ orders: 0, callbacks: 0, attempts: 0 });
    expect(await findRun(db, gone.clientId)).toBeUndefined();
    expect(await leftOf(kept.clientId)).toEqual({ orders: 1, callbacks: 1, attempts: 1 });
    expect(await findRun(db, kept.clientId)).toBeDefined();
  });

  it.runIf(testBackend() === "postgres")(
    "an attempt recorded while the run is removed goes with it (the callback's delivery in flight)",
    async () => {
      const run = await runWithCallback();
      // The delivery's attempt holds its callback's key until it commits; the removal waits there.
      const removed = await removeWhileWriting(run.clientId, (tx) => addAttempt(tx, run.callbackId));
      expect(removed).toBe(1);
      expect(await leftOf(run.clientId)).toEqual({ orders: 0, callbacks: 0, attempts: 0 });
      expect(await findRun(db, run.clientId)).toBeUndefined();
    },
    30_000,
  );

  it.runIf(testBackend() === "postgres")(
    "a callback queued while the run is removed goes with it (an order's status changing then)",
    async () => {
      const run = await runWithCallback();
      const removed = await removeWhileWriting(run.clientId, async (tx) => {
        await addCallback(tx, run.clientId, run.orderId);
      });
      expect(removed).toBe(1);
      expect(await leftOf(run.clientId)).toEqual({ orders: 0, callbacks: 0, attempts: 0 });
    },
    30_000,
  );
});
