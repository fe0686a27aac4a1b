/**
 * QA runs (issue 9 §3) over HTTP, on the TEST_DB backend: accounts made on the fly with their own orders,
 * clock, chaos and request log; reset, removed, and removed when idle; two runs at once never see each
 * other's orders.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { samplePayinRequest } from "@/lib/contract/samples";
import type { Database } from "@/lib/database";
import { type ScratchSandbox, startScratchSandbox } from "@/lib/testing/sandbox-fixture";
import {
  signedClient,
  startCallbackReceiver,
  type CallbackReceiver,
  TEST_ACCOUNT,
} from "@/lib/testing/sandbox-http";
import { type SandboxKit, SandboxKitError, type SandboxRunKit, sandboxKit } from "./kit";
import type { RunningSandbox } from "./server";
import { UUID_GROUP } from "@/lib/contract/uuid";

const OTHER_ACCOUNT = { clientId: "runs-other-merchant", secret: "runs-other-secret-1" };

let scratch: ScratchSandbox;
let db: Database;
let sandbox: RunningSandbox;
let receiver: CallbackReceiver;
let kit: SandboxKit;
let other: SandboxKit;
/** The sandbox's clock: the real one plus `shift` (the idle-removal test moves it hours on). */
let shift = 0;

beforeAll(async () => {
  scratch = await startScratchSandbox("sandbox_runs", {
    accounts: [TEST_ACCOUNT, OTHER_ACCOUNT],
    dispatcherPollMs: 20,
    expirySweepMs: 50,
    runIdleMinutes: 30,
    rateLimit: 0,
    now: () => new Date(Date.now() + shift),
  });
  ({ sandbox, db } = scratch);
  receiver = await startCallbackReceiver();
  kit = sandboxKit({ baseUrl: sandbox.url, ...TEST_ACCOUNT });
  other = sandboxKit({ baseUrl: sandbox.url, ...OTHER_ACCOUNT });
});

afterAll(async () => {
  await scratch?.close();
  await receiver?.close();
});

/** The HTTP status the call was refused with (it fails the test if the call succeeded). */
async function refusedWith(call: Promise<unknown>): Promise<number> {
  const outcome = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(outcome instanceof SandboxKitError)) throw new Error(`expected a refusal, got ${String(outcome)}`);
  return outcome.status;
}

async function ordersOf(clientId: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM sandbox_orders WHERE client_id = $1",
    [clientId],
  );
  return row?.n ?? 0;
}

describe("QA runs", () => {
  it("a run is an account of its own: it signs its own calls, and its orders are its alone", async () => {
    const run = await kit.startRun({ label: "checkout suite #1" });
    expect(run.run).toMatchObject({ label: "checkout suite #1", chaos: null, idleMinutes: 30 });
    expect(run.run.clientId).toMatch(new RegExp(`^run-${UUID_GROUP}$`));
    expect(run.run.secret.length).toBeGreaterThanOrEqual(24);

    const order = await run.createPayin(samplePayinRequest("SBP"));
    expect((await run.order(order.id)).status).toBe("In progress");
    // Neither the account that started it nor another account sees the run's order.
    for (const stranger of [kit, other]) {
      expect(await refusedWith(stranger.order(order.id))).toBe(404);
    }
    // The run's request log has its calls only.
    const log = await vi.waitFor(async () => {
      const entries = await run.requests();
      if (entries.length < 2) throw new Error("not logged yet");
      return entries;
    });
    expect(new Set(log.map((e) => e.clientId))).toEqual(new Set([run.run.clientId]));
    expect((await kit.runs()).map((r) => r.clientId)).toContain(run.run.clientId);
    expect((await other.runs()).map((r) => r.clientId)).not.toContain(run.run.clientId);
    expect(JSON.stringify(await kit.runs())).not.toContain(run.run.secret);
    await run.end();
  });

  it("the operator page lists the account's runs and opens one only with that run's credentials", async () => {
    const run = await kit.startRun({ label: "operator page run" });
    const order = await run.createPayin(samplePayinRequest("SBP", { postbackUrl: receiver.url }));
    const basic = (id: string, secret: string) =>
      `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;
    const page = (query: string, authorization: string) =>
      fetch(`${sandbox.url}/sandbox${query}`, { headers: { authorization } });
    const asAccount = basic(TEST_ACCOUNT.clientId, TEST_ACCOUNT.secret);
    const asRun = basic(run.run.clientId, run.run.secret);
    const runPage = `/sandbox?account=${run.run.clientId}`;

    const accountHtml = await (await page("", asAccount)).text();
    expect(accountHtml).toContain(
      `<a href="${runPage}"><code>${run.run.clientId}</code></a> — operator page run`,
    );
    expect(accountHtml).not.toContain(order.id);

    // The account's credentials for the run's page: asked again, in a realm of the run's own.
    const asked = await page(`?account=${run.run.clientId}`, asAccount);
    expect(asked.status).toBe(401);
    expect(asked.headers.get("www-authenticate")).toBe(
      `Basic realm="sandbox ${run.run.clientId}", charset="UTF-8"`,
    );
    expect(await asked.text()).toContain(`client id and secret of ${run.run.clientId}`);

    const runHtml = await (await page(`?account=${run.run.clientId}`, asRun)).text();
    expect(runHtml).toContain(`Account <code>${run.run.clientId}</code>`);
    expect(runHtml).toContain(`A QA run of <code>${TEST_ACCOUNT.clientId}</code>`);
    expect(runHtml).toContain(`action="/sandbox/ui/orders/${order.id}/status?account=${run.run.clientId}"`);
    const moved = await fetch(
      `${sandbox.url}/sandbox/ui/orders/${order.id}/status?account=${run.run.clientId}`,
      {
        method: "POST",
        redirect: "manual",
        body: new URLSearchParams({ status: "Success" }),
        headers: { authorization: asRun, origin: new URL(sandbox.url).origin },
      },
    );
    expect(moved.status).toBe(303);
    expect(moved.headers.get("location")).toBe(runPage);
    expect((await run.order(order.id)).status).toBe("Success");
    await run.end();
  });

  it("two runs at once, with the same paymentIds, never see each other's orders; clocks and chaos are their own", async () => {
    const [a, b] = await Promise.all([
      kit.startRun({ label: "suite A", chaos: { modes: ["duplicate"], seed: 3 } }),
      kit.startRun({ label: "suite B" }),
    ]);
    const paymentIds = Array.from({ length: 8 }, () => crypto.randomUUID());
    const create = (run: SandboxRunKit) =>
      Promise.all(
        paymentIds.map((paymentId) =>
          run.createPayin(samplePayinRequest("SBP", { paymentId, postbackUrl: receiver.url })),
        ),
      );
    const [ordersA, ordersB] = await Promise.all([create(a), create(b)]);
    expect(new Set([...ordersA, ...ordersB].map((o) => o.id)).size).toBe(16);
    for (const o of ordersB) expect(await refusedWith(a.order(o.id))).toBe(404);
    for (const o of ordersA) expect(await refusedWith(b.order(o.id))).toBe(404);

    // A's chaos (its default) reaches its orders, not B's.
    expect((await a.order(ordersA[0]!.id)).chaos).toMatchObject({ modes: ["duplicate"], seed: 3 });
    expect((await b.order(ordersB[0]!.id)).chaos).toBeNull();

    // A's clock moves; B's does not, and B's unpaid pay-ins stay In progress.
    await a.advanceClock({ seconds: 16 * 60 });
    expect((await a.order(ordersA[0]!.id)).status).toBe("Expired");
    expect((await b.clock()).offsetMs).toBe(0);
    expect((await b.order(ordersB[0]!.id)).status).toBe("In progress");
    await Promise.all([a.end(), b.end()]);
  });

  it("reset clears the run's orders, request log and clock; the run goes on, its paymentIds free again", async () => {
    const run = await kit.startRun();
    const request = samplePayinRequest("SBP", { postbackUrl: receiver.url });
    const first = await run.createPayin(request);
    await run.markPaid(first.id);
    await run.advanceClock({ seconds: 60 });
    const cleared = await run.reset();
    expect(cleared).toEqual({ clientId: run.run.clientId, removedOrders: 1 });
    expect(await refusedWith(run.order(first.id))).toBe(404);
    expect((await run.clock()).offsetMs).toBe(0);
    expect((await run.requests()).filter((e) => e.orderId === first.id)).toEqual([]);

    const again = await run.createPayin(request);
    expect(again.id).not.toBe(first.id);
    expect(await ordersOf(run.run.clientId)).toBe(1);
    // The account that started it may reset it too.
    const byParent = await signedClient(sandbox.url).post(`/sandbox/runs/${run.run.clientId}/reset`, {});
    expect(byParent.status).toBe(200);
    expect(await ordersOf(run.run.clientId)).toBe(0);
    await run.end();
  });

  it("only the run and the account that started it may reset or end it; a run starts no runs", async () => {
    const run = await kit.startRun();
    const otherRun = await other.startRun();
    const strangers = [signedClient(sandbox.url, OTHER_ACCOUNT), signedClient(sandbox.url, otherRun.run)];
    for (const stranger of strangers) {
      const reset = await stranger.post(`/sandbox/runs/${run.run.clientId}/reset`, {});
      expect(reset.status).toBe(404);
    }
    const asRun = signedClient(sandbox.url, run.run);
    expect((await asRun.post("/sandbox/runs", {})).status).toBe(403);
    expect((await asRun.get("/sandbox/runs")).status).toBe(403);
    const notARun = await signedClient(sandbox.url).post("/sandbox/runs/run-%00/reset", {});
    expect(notARun.status).toBe(404);
    await run.end();
    await otherRun.end();
  });

  it("a bad start names the field and starts nothing", async () => {
    const before = (await kit.runs()).length;
    const cases: [unknown, string][] = [
      [{ label: "x".repeat(101) }, "label"],
      [{ secret: "short" }, "secret"],
      [{ chaos: { modes: ["sideways"] } }, "chaos.modes.0"],
      [{ colour: "red" }, "(body)"],
    ];
    for (const [body, path] of cases) {
      const res = await signedClient(sandbox.url).post("/sandbox/runs", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const problem = (await res.json()) as { errors: { path: string }[] };
      expect(problem.errors.map((e) => e.path).join(" "), JSON.stringify(body)).toContain(path);
    }
    expect((await kit.runs()).length).toBe(before);
  });

  it("a run of one's own secret; ended, its credentials are refused and its orders gone", async () => {
    const run = await kit.startRun({ secret: "my-run-secret-123" });
    expect(run.run.secret).toBe("my-run-secret-123");
    await run.createPayin(samplePayinRequest("Card"));
    expect(await run.end()).toEqual({ clientId: run.run.clientId, removedOrders: 1 });
    expect(await refusedWith(run.clock())).toBe(401);
    expect(await ordersOf(run.run.clientId)).toBe(0);
  });

  it("a run kept alive outlives the idle time; one nobody uses goes", async () => {
    const kept = await kit.startRun({ label: "kept alive" });
    const left = await kit.startRun({ label: "left alone" });
    const alive = kept.keepAlive(40);
    try {
      // An hour on in three steps, each after a touch of the kept run: it is never 30 minutes unused. What was
      // seen is read before the clock moves: read after, the step's one touch (the sandbox writes at most one a
      // minute of its clock) could already be in it, and the wait for a newer one would wait for nothing.
      let seen = (await kit.runs()).find((r) => r.clientId === kept.run.clientId)?.lastSeenAt;
      for (let step = 0; step < 3; step++) {
        await vi.waitFor(
          async () => {
            const now = (await kit.runs()).find((r) => r.clientId === kept.run.clientId)?.lastSeenAt;
            expect(now).not.toBe(seen);
            seen = now;
          },
          { timeout: 10_000, interval: 20 },
        );
        shift += 20 * 60_000;
      }
      await vi.waitFor(
        async () => {
          expect((await kit.runs()).map((r) => r.clientId)).not.toContain(left.run.clientId);
        },
        { timeout: 10_000, interval: 50 },
      );
      expect((await kit.runs()).map((r) => r.clientId)).toContain(kept.run.clientId);
      expect((await kept.clock()).offsetMs).toBe(0);
    } finally {
      alive.stop();
    }
    // touch() alone is a signed call of the run's, and counts as use.
    shift += 20 * 60_000;
    await kept.touch();
    shift += 20 * 60_000;
    await new Promise((r) => setTimeout(r, 300));
    expect((await kit.runs()).map((r) => r.clientId)).toContain(kept.run.clientId);
    await kept.end();
  });

  // Last: it moves the sandbox's clock hours on.
  it("a run unused for longer than the idle time is removed with its orders", async () => {
    const idle = await kit.startRun({ label: "forgotten" });
    await idle.createPayin(samplePayinRequest("SBP"));
    expect(await ordersOf(idle.run.clientId)).toBe(1);
    shift += 2 * 60 * 60_000;
    const fresh = await kit.startRun({ label: "in use" });
    await vi.waitFor(
      async () => {
        expect((await kit.runs()).map((r) => r.label)).not.toContain("forgotten");
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(await ordersOf(idle.run.clientId)).toBe(0);
    expect(await refusedWith(idle.clock())).toBe(401);
    expect((await kit.runs()).map((r) => r.label)).toContain("in use");
    await fresh.end();
  });
});
