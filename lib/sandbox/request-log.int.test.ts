/**
 * The request log (issue 9 §4), over HTTP on the TEST_DB backend: every request with its verdict, latency
 * and order, listed per account by GET /sandbox/requests and on the operator page.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type SandboxRequestLog, sandboxRequestLogSchema } from "@/lib/contract";
import { samplePayinRequest } from "@/lib/contract/samples";
import { type ScratchSandbox, startScratchSandbox } from "@/lib/testing/sandbox-fixture";
import { signedClient, TEST_ACCOUNT } from "@/lib/testing/sandbox-http";
import type { RunningSandbox } from "./server";

const OTHER = { clientId: "log-other", secret: "log-other-secret-12" };

let running: ScratchSandbox | undefined;
let sandbox: RunningSandbox;
let api: ReturnType<typeof signedClient>;

beforeAll(async () => {
  running = await startScratchSandbox("sandbox_reqlog", { accounts: [TEST_ACCOUNT, OTHER], rateLimit: 0 });
  ({ sandbox } = running);
  api = signedClient(sandbox.url);
});

afterAll(async () => {
  await running?.close();
});

async function log(query = "", client = api): Promise<SandboxRequestLog["requests"]> {
  const res = await client.get(`/sandbox/requests${query}`);
  expect(res.status).toBe(200);
  return sandboxRequestLogSchema.parse(await res.json()).requests;
}

/** Waits until the log (flushed every ~100 ms) holds an entry matching `match`, and returns it. */
async function logged(
  match: (r: SandboxRequestLog["requests"][number]) => boolean,
  query = "",
  client = api,
): Promise<SandboxRequestLog["requests"][number]> {
  let found: SandboxRequestLog["requests"][number] | undefined;
  await vi.waitFor(
    async () => {
      found = (await log(query, client)).find(match);
      expect(found).toBeDefined();
    },
    { timeout: 20_000, interval: 50 },
  );
  return found!;
}

describe("GET /sandbox/requests", () => {
  it("lists an accepted create with its order, status and latency", async () => {
    const request = samplePayinRequest("SBP");
    const res = await api.post("/api/v1/payin/create", request);
    const { id } = (await res.json()) as { id: string };
    const entry = await logged((r) => r.orderId === id);
    expect(entry).toMatchObject({
      method: "POST",
      path: "/api/v1/payin/create",
      clientId: TEST_ACCOUNT.clientId,
      status: 200,
      verdict: "accepted",
      detail: null,
    });
    expect(entry.latencyMs).toBeGreaterThanOrEqual(0);
    expect(Date.parse(entry.at)).not.toBeNaN();
  });

  it("a refusal that quotes a NUL from the path is logged (as U+FFFD), and so is the rest of its batch", async () => {
    const marker = crypto.randomUUID();
    const [withNul, next] = await Promise.all([
      api.get("/sandbox/orders/nul%00here"),
      api.get(`/sandbox/orders/${marker}`),
    ]);
    expect([withNul.status, next.status]).toEqual([404, 404]);
    const entry = await logged((r) => r.path === "/sandbox/orders/nul%00here");
    expect(entry.detail).toContain("nul\uFFFDhere");
    await logged((r) => r.path === `/sandbox/orders/${marker}`);
  });

  it("text that array literals quote is logged as it came: quotes, braces, commas, a backslash, the word NULL", async () => {
    // Entries are written as one array a column (lib/database/unnest.ts): each value must come back whole.
    const id = `q"{a,b}\\c NULL ü`;
    const path = `/sandbox/orders/${encodeURIComponent(id)}`;
    expect((await api.get(path)).status).toBe(404);
    const entry = await logged((r) => r.path === path);
    expect(entry.detail).toContain(id);
  });

  it("says why a call was refused: the field, the signature, the conflict", async () => {
    const bad = samplePayinRequest("SBP", { amount: -5 });
    expect((await api.post("/api/v1/payin/create", bad)).status).toBe(400);
    const invalid = await logged((r) => r.status === 400 && r.detail?.startsWith("amount:") === true);
    expect(invalid.verdict).toBe("validation");

    const forged = signedClient(sandbox.url, { clientId: TEST_ACCOUNT.clientId, secret: "not-the-secret-1" });
    expect((await forged.get("/api/v1/bank/available?country=RU")).status).toBe(401);
    const refused = await logged((r) => r.status === 401 && r.path === "/api/v1/bank/available?country=RU");
    expect(refused).toMatchObject({ verdict: "unauthorized", clientId: TEST_ACCOUNT.clientId });
    expect(refused.detail).toMatch(/X-Signature/);

    const first = samplePayinRequest("SBP");
    await api.post("/api/v1/payin/create", first);
    expect((await api.post("/api/v1/payin/create", { ...first, amount: first.amount + 1 })).status).toBe(409);
    expect((await logged((r) => r.status === 409)).verdict).toBe("payment-id-conflict");
  });

  it("filters by order: its create and the controls that moved or read it", async () => {
    const res = await api.post("/api/v1/payin/create", samplePayinRequest("QRNSPK"));
    const { id } = (await res.json()) as { id: string };
    await api.post(`/sandbox/orders/${id}/status`, { status: "Failed" });
    await api.get(`/sandbox/orders/${id}`);
    await vi.waitFor(
      async () => {
        const entries = await log(`?orderId=${id}`);
        expect(entries.map((e) => `${e.method} ${e.path}`)).toEqual([
          `GET /sandbox/orders/${id}`,
          `POST /sandbox/orders/${id}/status`,
          "POST /api/v1/payin/create",
        ]);
        expect(entries.every((e) => e.orderId === id)).toBe(true);
      },
      { timeout: 20_000, interval: 50 },
    );
  });

  it("pages with before and limit, newest first", async () => {
    for (let i = 0; i < 3; i++) await api.get("/api/v1/bank/available?country=BR");
    await vi.waitFor(async () => expect((await log("?limit=200")).length).toBeGreaterThanOrEqual(3), {
      timeout: 20_000,
    });
    const page = await log("?limit=2");
    expect(page).toHaveLength(2);
    expect(Date.parse(page[0]!.at)).toBeGreaterThanOrEqual(Date.parse(page[1]!.at));
    const next = await log(`?limit=2&before=${encodeURIComponent(page[1]!.at)}`);
    for (const e of next) expect(Date.parse(e.at)).toBeLessThan(Date.parse(page[1]!.at));
  });

  it("an account sees only its own requests", async () => {
    const other = signedClient(sandbox.url, OTHER);
    await other.get("/api/v1/bank/available?country=KZ");
    await logged((r) => r.path === "/api/v1/bank/available?country=KZ", "", other);
    const mine = await log("?limit=200");
    expect(mine.some((r) => r.clientId === OTHER.clientId)).toBe(false);
  });

  it("names a bad query parameter, and is signed like the API", async () => {
    for (const [query, field] of [
      ["?limit=500", "limit"],
      ["?limit=abc", "limit"],
      ["?orderId=nope", "orderId"],
      ["?before=yesterday", "before"],
    ] as const) {
      const res = await api.get(`/sandbox/requests${query}`);
      expect(res.status, query).toBe(400);
      const body = (await res.json()) as { errors: { path: string }[] };
      expect(
        body.errors.map((e) => e.path),
        query,
      ).toEqual([field]);
    }
    const unsigned = await fetch(`${sandbox.url}/sandbox/requests`, {
      headers: { "x-client-id": TEST_ACCOUNT.clientId },
    });
    expect(unsigned.status).toBe(401);
  });
});

describe("the operator page", () => {
  it("shows the account's recent requests and their verdicts", async () => {
    await api.post("/api/v1/payin/create", samplePayinRequest("SBP", { amount: 0 }));
    await logged((r) => r.detail?.startsWith("amount:") === true && r.status === 400);
    const basic = `Basic ${Buffer.from(`${TEST_ACCOUNT.clientId}:${TEST_ACCOUNT.secret}`).toString("base64")}`;
    const page = await (await fetch(`${sandbox.url}/sandbox`, { headers: { authorization: basic } })).text();
    expect(page).toContain("Recent requests");
    expect(page).toMatch(
      /POST <code>\/api\/v1\/payin\/create<\/code><\/td><td>400<\/td><td>validation<br><small>amount:/,
    );
  });
});
