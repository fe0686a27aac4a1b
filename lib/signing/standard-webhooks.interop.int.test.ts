/**
 * The sandbox's real callbacks, as a merchant using the Standard Webhooks reference library (npm
 * `standardwebhooks`) receives them: the headers it sends verify with the library, given the merchant
 * secret as "whsec_" + base64 of its UTF-8 bytes.
 */
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { samplePayinRequest } from "@/lib/contract/samples";
import type { Database } from "@/lib/database";
import { createScratchDatabase, type ScratchDatabase } from "@/lib/testing/database";
import { type RunningSandbox, startSandbox } from "@/lib/sandbox/server";
import {
  type CallbackReceiver,
  signedClient,
  startCallbackReceiver,
  TEST_ACCOUNT,
} from "@/lib/testing/sandbox-http";
import { UUID_PATTERN } from "@/lib/contract/uuid";

const whsec = (secret: string) => `whsec_${Buffer.from(secret, "utf8").toString("base64")}`;

let scratch: ScratchDatabase;
let db: Database;
let sandbox: RunningSandbox;
let receiver: CallbackReceiver;

beforeAll(async () => {
  scratch = await createScratchDatabase("sw_interop", "sandbox");
  db = await scratch.open();
  sandbox = await startSandbox({
    accounts: [TEST_ACCOUNT],
    database: db,
    callbackRetrySchedule: [50],
    dispatcherPollMs: 20,
    rateLimit: 0,
  });
  receiver = await startCallbackReceiver();
});

afterAll(async () => {
  await sandbox?.close();
  await receiver?.close();
  await db?.close();
  await scratch?.drop();
});

describe("the sandbox's callbacks, read with standardwebhooks", () => {
  it("verify, and parse to the body the sandbox sent; a tampered body or another secret does not", async () => {
    const api = signedClient(sandbox.url);
    const created = await api.post(
      "/api/v1/payin/create",
      samplePayinRequest("SBP", { postbackUrl: receiver.url, amount: 777 }),
    );
    expect(created.status).toBe(200);
    const { id } = (await created.json()) as { id: string };
    expect((await api.post(`/sandbox/orders/${id}/status`, { status: "Success" })).status).toBe(200);

    const callback = await vi.waitFor(
      () => {
        const found = receiver.received.find((r) => JSON.parse(r.body).id === id);
        if (!found) throw new Error(`no callback for ${id} yet`);
        return found;
      },
      { timeout: 20_000, interval: 25 },
    );
    const headers = Object.fromEntries(
      Object.entries(callback.headers).map(([name, value]) => [name, String(value)]),
    );
    expect(headers["webhook-id"]).toMatch(UUID_PATTERN);

    const payload = new Webhook(whsec(TEST_ACCOUNT.secret)).verify(callback.body, headers);
    expect(payload).toEqual(JSON.parse(callback.body));
    expect(payload).toMatchObject({ id, status: "Success", amount: 777 });
    // With an ASCII secret, the raw form of the key is the same key.
    expect(new Webhook(TEST_ACCOUNT.secret, { format: "raw" }).verify(callback.body, headers)).toEqual(
      payload,
    );

    expect(() =>
      new Webhook(whsec(TEST_ACCOUNT.secret)).verify(callback.body.replace("777", "778"), headers),
    ).toThrow(WebhookVerificationError);
    expect(() => new Webhook(whsec("another-merchant-secret")).verify(callback.body, headers)).toThrow(
      WebhookVerificationError,
    );
  });
});
