/**
 * The QA kit against a real sandbox over HTTP (TEST_DB backend): every call it offers, typed answers, and
 * refusals as SandboxKitError naming the field.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { samplePayinRequest, samplePayoutRequest } from "@/lib/contract/samples";
import type { Database } from "@/lib/database";
import { createScratchDatabase, type ScratchDatabase } from "@/lib/testing/database";
import { type CallbackReceiver, startCallbackReceiver, TEST_ACCOUNT } from "@/lib/testing/sandbox-http";
import { type RunningSandbox, startSandbox } from "../server";
import { type SandboxKit, SandboxKitError, sandboxKit } from "./index";

let scratch: ScratchDatabase;
let db: Database;
let sandbox: RunningSandbox;
let receiver: CallbackReceiver;
let kit: SandboxKit;

beforeAll(async () => {
  scratch = await createScratchDatabase("sandbox_kit", "sandbox");
  db = await scratch.open();
  sandbox = await startSandbox({
    database: db,
    accounts: [TEST_ACCOUNT],
    callbackRetrySchedule: [50],
    dispatcherPollMs: 20,
    rateLimit: 0,
  });
  receiver = await startCallbackReceiver();
  kit = sandboxKit({ baseUrl: `${sandbox.url}/`, ...TEST_ACCOUNT });
});

afterAll(async () => {
  await sandbox?.close();
  await receiver?.close();
  await db?.close();
  await scratch?.drop();
});

describe("the sandbox QA kit", () => {
  it("creates orders and reads the bank directory, typed", async () => {
    const payin = await kit.createPayin(samplePayinRequest("QRNSPK", { postbackUrl: receiver.url }));
    expect(payin.status).toBe("In progress");
    expect(payin.bankDetails).toHaveProperty("qr");
    const payout = await kit.createPayout(samplePayoutRequest("SBP"));
    expect(payout.status).toBe("In progress");
    const banks = await kit.banks("RU");
    expect(banks.length).toBeGreaterThan(0);
    expect(banks[0]).toMatchObject({ alpha2: "RU" });
  });

  it("marks paid, fails and expires; reads the order with its callbacks", async () => {
    const paid = await kit.createPayin(samplePayinRequest("SBP", { postbackUrl: receiver.url }));
    expect((await kit.markPaid(paid.id)).status).toBe("Success");
    await vi.waitFor(async () => expect((await kit.order(paid.id)).callbacks[0]?.state).toBe("delivered"), {
      timeout: 20_000,
    });
    const failed = await kit.createPayout(samplePayoutRequest("BankAccount"));
    expect((await kit.fail(failed.id)).status).toBe("Failed");
    const expired = await kit.createPayin(samplePayinRequest("PIX"));
    expect((await kit.expire(expired.id)).status).toBe("Expired");
  });

  it("sends the latest callback again, and lists the order's requests", async () => {
    const order = await kit.createPayin(samplePayinRequest("SBP", { postbackUrl: receiver.url }));
    await kit.markPaid(order.id);
    const webhookId = (await kit.order(order.id)).callbacks[0]!.webhookId;
    const count = () => receiver.received.filter((r) => r.headers["webhook-id"] === webhookId).length;
    await vi.waitFor(() => expect(count()).toBe(1), { timeout: 20_000 });
    // The receiver has it a moment before the sandbox records the delivery; until then a resend is a 409.
    await vi.waitFor(async () => expect((await kit.order(order.id)).callbacks[0]?.state).toBe("delivered"), {
      timeout: 20_000,
    });
    await kit.resendCallback(order.id);
    await vi.waitFor(() => expect(count()).toBe(2), { timeout: 20_000 });
    await vi.waitFor(
      async () => {
        const requests = await kit.requests({ orderId: order.id, limit: 10 });
        expect(requests.map((r) => r.path)).toContain("/api/v1/payin/create");
        expect(requests.every((r) => r.orderId === order.id)).toBe(true);
      },
      { timeout: 20_000 },
    );
  });

  it("throws SandboxKitError with the problem: the field, the status", async () => {
    const refused = await kit.createPayin(samplePayinRequest("SBP", { amount: 0 })).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SandboxKitError);
    expect((refused as SandboxKitError).status).toBe(400);
    expect((refused as SandboxKitError).problem?.errors?.map((e) => e.path)).toEqual(["amount"]);
    expect((refused as SandboxKitError).message).toMatch(/amount: /);

    const order = await kit.createPayout(samplePayoutRequest("BankAccount"));
    await kit.markPaid(order.id);
    const again = await kit.fail(order.id).catch((e: unknown) => e);
    expect((again as SandboxKitError).status).toBe(409);

    const stranger = sandboxKit({
      baseUrl: sandbox.url,
      clientId: TEST_ACCOUNT.clientId,
      secret: "wrong-secret-1",
    });
    expect(((await stranger.banks("RU").catch((e: unknown) => e)) as SandboxKitError).status).toBe(401);
    const noCallback = await kit.resendCallback(order.id).catch((e: unknown) => e);
    expect((noCallback as SandboxKitError).status).toBe(404);
  });

  // Last: moving the account's clock expires every unpaid pay-in of the earlier tests too.
  it("reads and moves the account's clock: an unpaid pay-in expires when it passes expiresAt", async () => {
    const start = await kit.clock();
    const order = await kit.createPayin(samplePayinRequest("SBP"));
    const moved = await kit.advanceClock({ seconds: 16 * 60 });
    expect(moved.offsetMs - start.offsetMs).toBe(16 * 60_000);
    expect((await kit.order(order.id)).status).toBe("Expired");
    const to = new Date(Date.parse(moved.now) + 60_000);
    expect((await kit.advanceClock({ to })).offsetMs).toBeGreaterThanOrEqual(moved.offsetMs + 59_000);
    const back = await kit.advanceClock({ to: start.now }).catch((e: unknown) => e);
    expect((back as SandboxKitError).problem?.errors?.map((e) => e.path)).toEqual(["to"]);
  });
});
