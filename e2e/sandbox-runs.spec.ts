import { samplePayinRequest } from "../lib/contract/samples";
import { SandboxKitError } from "../lib/sandbox/kit";
import { expect, test } from "./fixtures";

/**
 * The QA kit's `sandboxRun` fixture, as a QA team's own suite would use it: each test gets an account of its
 * own at the e2e server's sandbox, which no other test (nor the shared account) sees, ended afterwards.
 */

test("a test's own run: its orders, clock and chaos are its alone", async ({ sandbox, sandboxRun }) => {
  expect(sandboxRun.run.clientId).toMatch(/^run-/);
  expect((await sandbox.runs()).map((r) => r.clientId)).toContain(sandboxRun.run.clientId);

  const order = await sandboxRun.createPayin(samplePayinRequest("SBP"), { chaos: { modes: ["late"] } });
  expect((await sandboxRun.order(order.id)).chaos?.modes).toEqual(["late"]);
  const seen = await sandbox.order(order.id).catch((e: unknown) => e);
  expect((seen as SandboxKitError).status).toBe(404);

  await sandboxRun.advanceClock({ seconds: 16 * 60 });
  expect((await sandboxRun.order(order.id)).status).toBe("Expired");
  expect((await sandbox.clock()).offsetMs).toBe(0);

  expect(await sandboxRun.reset()).toEqual({ clientId: sandboxRun.run.clientId, removedOrders: 1 });
  expect((await sandboxRun.clock()).offsetMs).toBe(0);
});

test("runs of tests running at once never meet", async ({ sandboxRun, sandbox }) => {
  const other = await sandbox.startRun({ label: "a neighbouring suite" });
  try {
    const paymentId = crypto.randomUUID();
    const mine = await sandboxRun.createPayin(samplePayinRequest("Card", { paymentId }));
    const theirs = await other.createPayin(samplePayinRequest("Card", { paymentId }));
    expect(mine.id).not.toBe(theirs.id);
    const crossed = await other.order(mine.id).catch((e: unknown) => e);
    expect(crossed).toBeInstanceOf(SandboxKitError);
    expect((crossed as SandboxKitError).status).toBe(404);
  } finally {
    await other.end();
  }
});
