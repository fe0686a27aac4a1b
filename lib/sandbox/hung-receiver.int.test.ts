/**
 * A merchant's receiver that never answers: it must hold up no other callback, and its attempt must still
 * time out (also when the garbage collector runs meanwhile) and be retried from the queue.
 */
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { samplePayinRequest } from "@/lib/contract/samples";
import type { Database } from "@/lib/database";
import { createScratchDatabase, type ScratchDatabase } from "@/lib/testing/database";
import { type RunningSandbox, type SandboxOptions, startSandbox } from "./server";
import {
  type CallbackReceiver,
  signedClient,
  startCallbackReceiver,
  TEST_ACCOUNT,
} from "@/lib/testing/sandbox-http";

const BASE = {
  accounts: [TEST_ACCOUNT],
  callbackRetrySchedule: [50],
  callbackMaxAttempts: 100,
  dispatcherPollMs: 20,
  rateLimit: 0,
} satisfies Omit<SandboxOptions, "database">;

let scratch: ScratchDatabase;
let db: Database;

beforeAll(async () => {
  scratch = await createScratchDatabase("sandbox_hung", "sandbox");
  db = await scratch.open();
});
afterAll(async () => {
  await db?.close();
  await scratch?.drop();
});

/** Reads every request and never answers one. */
async function startSilentReceiver() {
  const held: ServerResponse[] = [];
  const webhookIds: string[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      webhookIds.push(String(req.headers["webhook-id"]));
      held.push(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/postback`,
    held,
    webhookIds,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function withSandbox(
  options: Partial<SandboxOptions>,
  run: (sandbox: RunningSandbox, receiver: CallbackReceiver) => Promise<void>,
) {
  const receiver = await startCallbackReceiver();
  const sandbox = await startSandbox({ ...BASE, ...options, database: db });
  try {
    await run(sandbox, receiver);
  } finally {
    await sandbox.close();
    await receiver.close();
  }
}

async function paidOrder(api: ReturnType<typeof signedClient>, postbackUrl: string, amount: number) {
  const res = await api.post("/api/v1/payin/create", samplePayinRequest("SBP", { postbackUrl, amount }));
  expect(res.status).toBe(200);
  const { id } = (await res.json()) as { id: string };
  expect((await api.post(`/sandbox/orders/${id}/status`, { status: "Success" })).status).toBe(200);
  return id;
}

describe("a receiver that never answers", () => {
  it("holds up no other callback while its delivery is in flight", async () => {
    const silent = await startSilentReceiver();
    try {
      // The hung attempt would last ten minutes: anything delivered meanwhile went past it.
      await withSandbox({ callbackTimeoutMs: 600_000 }, async (sandbox, receiver) => {
        const api = signedClient(sandbox.url);
        await paidOrder(api, silent.url, 401);
        await vi.waitFor(() => expect(silent.held).toHaveLength(1), { timeout: 20_000, interval: 10 });

        const ids = [];
        for (let i = 0; i < 3; i++) ids.push(await paidOrder(api, receiver.url, 402 + i));
        const received = await receiver.waitFor(3, 30_000);
        expect(received.map((r) => (JSON.parse(r.body) as { id: string }).id).sort()).toEqual(ids.sort());
        expect(silent.held).toHaveLength(1);
        expect(silent.held[0]?.writableEnded).toBe(false);
      });
    } finally {
      await silent.close();
    }
  }, 60_000);

  it("times its attempt out even when the garbage collector runs meanwhile, and retries it", async () => {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const silent = await startSilentReceiver();
    const collecting = setInterval(gc, 50);
    try {
      await withSandbox({ callbackTimeoutMs: 500 }, async (sandbox) => {
        const id = await paidOrder(signedClient(sandbox.url), silent.url, 411);
        await vi.waitFor(() => expect(silent.webhookIds.length).toBeGreaterThanOrEqual(2), {
          timeout: 30_000,
          interval: 20,
        });
        expect(new Set(silent.webhookIds).size).toBe(1);
        const res = await signedClient(sandbox.url).get(`/sandbox/orders/${id}`);
        const view = (await res.json()) as {
          callbacks: Array<{ attempts: Array<{ error: string | null }> }>;
        };
        expect(view.callbacks[0]?.attempts[0]?.error).toMatch(/TimeoutError/);
      });
    } finally {
      clearInterval(collecting);
      await silent.close();
    }
  }, 60_000);
});
