/**
 * Hostile input to the controls (issue 19 §4), on the TEST_DB backend: a clock move past ten years ahead of
 * the real time (at once or added up) is a 400 naming its field and moves nothing; a clock can be put back
 * on the real time, also one stored out of range before moves were bounded (every create of its account
 * answered 500); a time filter outside 1970–9999 is a 400 naming it, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { problemSchema, SANDBOX_CLOCK_MAX_ADVANCE_SECONDS } from "@/lib/contract";
import { samplePayinRequest } from "@/lib/contract/samples";
import { type ScratchSandbox, startScratchSandbox } from "@/lib/testing/sandbox-fixture";
import { type SignedClient, signedClient, TEST_ACCOUNT } from "@/lib/testing/sandbox-http";
import { signRequest } from "@/lib/signing";
import { SandboxKitError, sandboxKit } from "./kit";

const DAY = 24 * 3600;
const TEN_YEARS = SANDBOX_CLOCK_MAX_ADVANCE_SECONDS;

let scratch: ScratchSandbox;
let api: SignedClient;
let url: string;

beforeAll(async () => {
  scratch = await startScratchSandbox("sandbox_bounds", { rateLimit: 0 });
  url = scratch.sandbox.url;
  api = signedClient(url);
});

afterAll(async () => {
  await scratch?.close();
});

interface Clock {
  now: string;
  offsetMs: number;
}

/** DELETE signed over the path, as the kit does. */
function del(path: string, account: { clientId: string; secret: string } = TEST_ACCOUNT) {
  return fetch(url + path, {
    method: "DELETE",
    headers: {
      "x-client-id": account.clientId,
      "x-signature": signRequest(account.secret, { method: "DELETE", pathWithQuery: path }),
    },
  });
}

async function startRun(): Promise<SignedClient> {
  const res = await api.post("/sandbox/runs", { label: "bounds" });
  expect(res.status).toBe(200);
  const run = (await res.json()) as { clientId: string; secret: string };
  return Object.assign(signedClient(url, run), { account: run });
}

async function clockOf(client: SignedClient): Promise<Clock> {
  const res = await client.get("/sandbox/clock");
  expect(res.status).toBe(200);
  return (await res.json()) as Clock;
}

async function fieldErrors(res: Response): Promise<{ path: string; message: string }[]> {
  expect(res.status, await res.clone().text()).toBe(400);
  return problemSchema.parse(await res.json()).errors ?? [];
}

async function create(client: SignedClient): Promise<number> {
  const res = await client.post("/api/v1/payin/create", samplePayinRequest("SBP"));
  await res.arrayBuffer();
  return res.status;
}

describe("the clock's horizon: ten years past the real time, all moves together", () => {
  it("a move to year 9999 is a 400 naming `to`, nothing moved, creates go on", async () => {
    const run = await startRun();
    const errors = await fieldErrors(await run.post("/sandbox/clock", { to: "9999-12-31T23:59:59Z" }));
    expect(errors).toEqual([
      { path: "to", message: expect.stringMatching(/more than ten years past the real time/) },
    ]);
    expect((await clockOf(run)).offsetMs).toBe(0);
    expect(await create(run)).toBe(200);
  });

  it("advances that add up past it: the one that would pass is a 400 naming advanceSeconds", async () => {
    const run = await startRun();
    expect((await run.post("/sandbox/clock", { advanceSeconds: TEN_YEARS - DAY })).status).toBe(200);
    const errors = await fieldErrors(await run.post("/sandbox/clock", { advanceSeconds: 2 * DAY }));
    expect(errors[0]?.path).toBe("advanceSeconds");
    expect(errors[0]?.message).toMatch(/DELETE \/sandbox\/clock/);
    expect((await clockOf(run)).offsetMs).toBe((TEN_YEARS - DAY) * 1000);
    // Up to the horizon is fine, and orders made there are stored and read back.
    expect((await run.post("/sandbox/clock", { advanceSeconds: DAY - 60 })).status).toBe(200);
    expect(await create(run)).toBe(200);
    const to = new Date(Date.now() + (TEN_YEARS + 2 * DAY) * 1000).toISOString();
    expect((await fieldErrors(await run.post("/sandbox/clock", { to })))[0]?.path).toBe("to");
  });

  it("moves sent at once cannot add up past it (the database holds the bound)", async () => {
    const run = await startRun();
    const half = Math.floor(TEN_YEARS / 2) + DAY;
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => run.post("/sandbox/clock", { advanceSeconds: half })),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 400, 400, 400]);
    expect((await clockOf(run)).offsetMs).toBe(half * 1000);
  });

  it("a time beyond what the databases store is a 400 naming `to`", async () => {
    for (const to of ["0000-01-01T00:00:00Z", "9999-12-31T23:59:59-23:59", "1969-12-31T23:59:59Z"]) {
      expect((await fieldErrors(await api.post("/sandbox/clock", { to })))[0]?.path, to).toBe("to");
    }
  });
});

describe("reset to the real time", () => {
  it("DELETE /sandbox/clock puts a run's clock back; its pay-ins get 15 minutes again", async () => {
    const run = await startRun();
    expect((await run.post("/sandbox/clock", { advanceSeconds: 3600 })).status).toBe(200);
    const res = await del("/sandbox/clock", (run as unknown as { account: typeof TEST_ACCOUNT }).account);
    expect(res.status).toBe(200);
    const clock = (await res.json()) as Clock;
    expect(clock.offsetMs).toBe(0);
    expect(Math.abs(Date.parse(clock.now) - Date.now())).toBeLessThan(5_000);
    expect((await clockOf(run)).offsetMs).toBe(0);
    const created = await run.post("/api/v1/payin/create", samplePayinRequest("SBP"));
    const { expiresAt } = (await created.json()) as { expiresAt: string };
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThan(16 * 60_000);
  });

  it("a clock stored out of range (before moves were bounded) is recovered by the reset", async () => {
    const run = await startRun();
    const { clientId } = (run as unknown as { account: typeof TEST_ACCOUNT }).account;
    // What `{"to":"9999-12-31T23:59:59Z"}` stored before the bound.
    const offset = Date.parse("9999-12-31T23:59:59Z") - Date.now();
    await scratch.db.query("INSERT INTO sandbox_clocks (client_id, offset_ms) VALUES ($1, $2)", [
      clientId,
      offset,
    ]);
    // Read afresh (the clock cache keeps an offset for a second).
    await new Promise((r) => setTimeout(r, 1_100));
    const refused = await run.post("/api/v1/payin/create", samplePayinRequest("SBP"));
    expect(refused.status).toBe(409);
    expect(problemSchema.parse(await refused.json()).detail).toMatch(/reset it with DELETE \/sandbox\/clock/);
    const res = await del("/sandbox/clock", (run as unknown as { account: typeof TEST_ACCOUNT }).account);
    expect(res.status).toBe(200);
    expect(((await res.json()) as Clock).offsetMs).toBe(0);
    expect(await create(run)).toBe(200);
  });

  it("the kit: a run's advanceClock, resetClock and a move past the horizon refused", async () => {
    const kit = sandboxKit({ baseUrl: url, ...TEST_ACCOUNT });
    const run = await kit.startRun({ label: "kit clock" });
    expect((await run.advanceClock({ seconds: 600 })).offsetMs).toBe(600_000);
    const refused = await run.advanceClock({ to: "9999-12-31T23:59:59Z" }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SandboxKitError);
    expect((refused as SandboxKitError).status).toBe(400);
    expect((await run.resetClock()).offsetMs).toBe(0);
    expect((await run.clock()).offsetMs).toBe(0);
    expect((await kit.clock()).offsetMs).toBe(0);
    await run.end();
  });

  it("a DELETE with a bad signature is refused and resets nothing", async () => {
    const run = await startRun();
    expect((await run.post("/sandbox/clock", { advanceSeconds: 60 })).status).toBe(200);
    const res = await fetch(`${url}/sandbox/clock`, {
      method: "DELETE",
      headers: { "x-client-id": TEST_ACCOUNT.clientId, "x-signature": "0".repeat(64) },
    });
    expect(res.status).toBe(401);
    expect((await clockOf(run)).offsetMs).toBe(60_000);
  });
});

describe("every time filter bounded", () => {
  it.each([
    "0000-01-01T00:00:00Z",
    "0001-01-01T00:00:00Z",
    "1969-12-31T23:59:59.999Z",
    "9999-12-31T23:59:59-23:59",
    "2026-02-30T00:00:00Z",
    "2026-01-01T00:00:60Z",
    "not-a-time",
    "",
  ])("GET /sandbox/requests?before=%s: 400 naming before", async (before) => {
    const errors = await fieldErrors(await api.get(`/sandbox/requests?before=${encodeURIComponent(before)}`));
    expect(errors.map((e) => e.path)).toEqual(["before"]);
  });

  it.each(["1970-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "2026-11-24T10:00:00+03:00"])(
    "GET /sandbox/requests?before=%s: 200",
    async (before) => {
      const res = await api.get(`/sandbox/requests?before=${encodeURIComponent(before)}`);
      expect(res.status, await res.clone().text()).toBe(200);
    },
  );

  it.each(["0", "201", "1e9", "-1", "1.5", "NaN", "Infinity", "9".repeat(400)])(
    "GET /sandbox/requests?limit=%s: 400 naming limit",
    async (limit) => {
      const errors = await fieldErrors(await api.get(`/sandbox/requests?limit=${limit}`));
      expect(errors.map((e) => e.path)).toEqual(["limit"]);
    },
  );
});
