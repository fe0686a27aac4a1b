/**
 * Crash test: the sandbox as a real process (`lib/sandbox/main.ts`) is killed with SIGKILL while its
 * callbacks are being delivered — some in flight at a receiver that never answers, some failed and waiting
 * for their retry — then started again on the same database. Every callback must be delivered. (The
 * "restart" case of callbacks.int.test.ts closes the sandbox gracefully, with one delivery.)
 * Sandbox database on the backend TEST_DB chooses; on PGlite the restart recovers the killed one's folder.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { samplePayinRequest } from "@/lib/contract/samples";
import { createScratchDatabase, type ScratchDatabase, seedPgliteFolder } from "@/lib/testing/database";
import { signedClient } from "@/lib/testing/sandbox-http";
import { type SandboxProcess, startSandboxProcess } from "@/lib/testing/sandbox-process";

const ORDERS = 40;
/** Upper bound for things that take seconds on a quiet machine (not a timing assertion). */
const PATIENCE_MS = 180_000;

let scratch: ScratchDatabase;
let dataDir: string;

beforeAll(async () => {
  scratch = await createScratchDatabase("sandbox_crash", "sandbox");
  dataDir = mkdtempSync(path.join(tmpdir(), "sandbox-crash-"));
  if (!scratch.url) seedPgliteFolder(dataDir, "sandbox");
});
afterAll(async () => {
  await scratch?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function startCrashSandbox(): SandboxProcess {
  return startSandboxProcess({
    SANDBOX_CALLBACK_RETRY_SCHEDULE: "300",
    SANDBOX_CALLBACK_MAX_ATTEMPTS: "100",
    ...(scratch.url
      ? { SANDBOX_DATABASE_URL: scratch.url }
      : { SANDBOX_DATABASE_URL: undefined, SANDBOX_DATA_DIR: dataDir }),
  });
}

/** A merchant's receiver: while `failing`, odd deliveries hang unanswered and even ones get a 500. */
async function startReceiver() {
  let failing = true;
  let seen = 0;
  const delivered = new Map<string, string>();
  const held: ServerResponse[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      seen++;
      if (failing) {
        if (seen % 2 === 1) held.push(res);
        else res.writeHead(500).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { id: string; status: string };
      delivered.set(`${body.id} ${body.status}`, String(req.headers["webhook-id"]));
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/postback`,
    seen: () => seen,
    delivered,
    heal() {
      failing = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function until(what: string, check: () => boolean, p: SandboxProcess) {
  const deadline = Date.now() + PATIENCE_MS;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}; sandbox:\n${p.output.join("")}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("sandbox killed -9 mid-delivery", () => {
  it("delivers every callback after a restart on the same database", async () => {
    const receiver = await startReceiver();
    try {
      const first = startCrashSandbox();
      const api = signedClient(await first.url);
      const ids: string[] = [];
      for (let i = 0; i < ORDERS; i++) {
        const res = await api.post(
          "/api/v1/payin/create",
          samplePayinRequest("SBP", { postbackUrl: receiver.url, amount: 1000 + i }),
        );
        expect(res.status).toBe(200);
        ids.push(((await res.json()) as { id: string }).id);
      }
      for (const id of ids) {
        const res = await api.post(`/sandbox/orders/${id}/status`, { status: "Success" });
        expect(res.status).toBe(200);
      }
      // Every callback has been tried at least once: half hang in flight, half failed and wait to retry.
      await until("a first attempt of every callback", () => receiver.seen() >= ORDERS, first);
      first.child.kill("SIGKILL");
      expect(await first.exited).toBe("SIGKILL");
      expect(receiver.delivered.size).toBe(0);

      receiver.heal();
      const second = startCrashSandbox();
      try {
        await second.url;
        await until(
          "every callback to be delivered",
          () => ids.every((id) => receiver.delivered.has(`${id} Success`)),
          second,
        );
      } finally {
        second.child.kill("SIGTERM");
        await second.exited;
      }
      expect(ids.filter((id) => !receiver.delivered.has(`${id} Success`))).toEqual([]);
    } finally {
      await receiver.close();
    }
  }, 600_000);
});
