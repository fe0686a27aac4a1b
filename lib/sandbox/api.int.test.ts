import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  hasAtMostTwoDecimals,
  isLuhnValid,
  luhnCheckDigit,
  PAYIN_METHOD_INFO,
  PAYIN_METHODS,
  PAYOUT_METHODS,
  payinResponseSchemaFor,
  payoutResponseSchema,
  problemSchema,
  toMinorUnits,
} from "@/lib/contract";
import { samplePayinRequest, samplePayoutRequest } from "@/lib/contract/samples";
import type { Database } from "@/lib/database";
import { type ScratchSandbox, startScratchSandbox } from "@/lib/testing/sandbox-fixture";
import { findBank } from "./banks";
import { loadSandboxConfig } from "./config";
import { parseTlv } from "@/lib/contract/emv";
import { hasValidEmvCrc } from "@/lib/contract/checksums";
import { NSPK_LINK_PATTERN } from "./details/nspk";
import { type RunningSandbox, startSandbox } from "./server";
import { signedClient, TEST_ACCOUNT } from "@/lib/testing/sandbox-http";

let running: ScratchSandbox | undefined;
let db: Database;
let sandbox: RunningSandbox;
let api: ReturnType<typeof signedClient>;

beforeAll(async () => {
  running = await startScratchSandbox("sandbox_api", {
    accounts: [TEST_ACCOUNT, { clientId: "other-merchant", secret: "other-secret-123" }],
    rateLimit: 0,
    bodyLimitBytes: 8 * 1024,
  });
  ({ sandbox, db } = running);
  api = signedClient(sandbox.url);
});

afterAll(async () => {
  await running?.close();
});

async function problemOf(res: Response, status: number) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toContain("application/problem+json");
  const body = problemSchema.parse(await res.json());
  expect(body.status).toBe(status);
  return body;
}

const paths = (p: { errors?: { path: string }[] }) => (p.errors ?? []).map((e) => e.path).sort();

describe("pay-in create: every method", () => {
  it.each(PAYIN_METHODS)("%s returns In progress with bankDetails of its shape", async (method) => {
    const req = samplePayinRequest(method);
    const res = await api.post("/api/v1/payin/create", req);
    expect(res.status).toBe(200);
    const body = payinResponseSchemaFor(method).parse(await res.json());
    expect(body.status).toBe("In progress");
    expect(body.amount).toBe(req.amount);
    const expires = Date.parse(body.expiresAt) - Date.now();
    expect(expires).toBeGreaterThan(14 * 60_000);
    expect(expires).toBeLessThanOrEqual(15 * 60_000);
    expect(body.expiresAt.endsWith("Z")).toBe(true);
    const kind = PAYIN_METHOD_INFO[method].bankDetails;
    const d = body.bankDetails as Record<string, unknown>;
    expect(typeof d.bankName).toBe("string");
    if (kind === "card") expect(isLuhnValid((d.card as { cardNumber: string }).cardNumber)).toBe(true);
    if (kind === "phone") expect(d.phoneNumber).toMatch(/^\+7\d{10}$/);
    if (kind === "nspkQr") {
      const qr = d.qr as { url?: string; code?: string };
      for (const link of [qr.url, qr.code].filter(Boolean)) {
        expect(link).toMatch(NSPK_LINK_PATTERN);
        expect(link).toContain(`sum=${toMinorUnits(req.amount)}&cur=RUB`);
      }
    }
    if (kind === "pixQr") {
      const code = (d.qr as { code: string }).code;
      expect(hasValidEmvCrc(code)).toBe(true);
      const fields = Object.fromEntries(parseTlv(code).map((f) => [f.id, f.value]));
      expect(fields["54"]).toBe("100.50");
      expect(fields["53"]).toBe("986");
      expect(d.bankId).toBeGreaterThan(2000);
    }
  });

  it("uses the chosen bank, and the bankId picks the NSPK qr shape", async () => {
    const shapes = new Set<string>();
    for (const bankId of [1001, 1002, 1003]) {
      const res = await api.post("/api/v1/payin/create", samplePayinRequest("QRNSPK", { bankId }));
      const body = payinResponseSchemaFor("QRNSPK").parse(await res.json());
      expect(body.bankDetails).toMatchObject({ bankId });
      const qr = (body.bankDetails as { qr: { url?: string; code?: string } }).qr;
      shapes.add(Object.keys(qr).sort().join("+"));
      expect(qr.url ?? qr.code).toContain(`bank=${findBank(bankId)?.nspk}&`);
    }
    expect([...shapes].sort()).toEqual(["code", "code+url", "url"]);
  });

  it("adds random cents and returns the final amount", async () => {
    const seen = new Set<number>();
    for (let i = 0; i < 5; i++) {
      const req = samplePayinRequest("SBP", { amount: 1000, addRandomCents: true });
      const body = (await (await api.post("/api/v1/payin/create", req)).json()) as { amount: number };
      expect(hasAtMostTwoDecimals(body.amount)).toBe(true);
      const added = toMinorUnits(body.amount) - 100_000;
      expect(added).toBeGreaterThanOrEqual(1);
      expect(added).toBeLessThanOrEqual(99);
      seen.add(body.amount);
    }
    expect(seen.size).toBeGreaterThan(1);
  });

  it("puts the final amount into the QR", async () => {
    const req = samplePayinRequest("PIX", { amount: 10, addRandomCents: true });
    const body = (await (await api.post("/api/v1/payin/create", req)).json()) as {
      amount: number;
      bankDetails: { qr: { code: string } };
    };
    const fields = Object.fromEntries(parseTlv(body.bankDetails.qr.code).map((f) => [f.id, f.value]));
    expect(Number(fields["54"])).toBe(body.amount);
  });
});

describe("pay-out create: every method", () => {
  it.each(PAYOUT_METHODS)("%s returns id and In progress", async (method) => {
    const res = await api.post("/api/v1/payout/create", samplePayoutRequest(method));
    expect(res.status).toBe(200);
    const body = payoutResponseSchema.parse(await res.json());
    expect(body.status).toBe("In progress");
  });

  it("never stores a full card number", async () => {
    const req = samplePayoutRequest("Card");
    const { id } = payoutResponseSchema.parse(await (await api.post("/api/v1/payout/create", req)).json());
    const rows = await db.query<{ request: { payoutDetails: { ccNo: string } } }>(
      "SELECT request FROM sandbox_orders WHERE id = $1",
      [id],
    );
    expect(rows[0]?.request.payoutDetails.ccNo).toBe("411111******1111");
    const dump = await db.query<{ t: string }>(
      "SELECT string_agg(request::text, '') AS t FROM sandbox_orders",
    );
    expect(dump[0]?.t).not.toContain("4111111111111111");
  });
});

describe("banks", () => {
  it("lists a country's banks as spec records", async () => {
    const res = await api.get("/api/v1/bank/available?country=BR");
    expect(res.status).toBe(200);
    const banks = (await res.json()) as Array<Record<string, unknown>>;
    expect(banks.length).toBeGreaterThan(50);
    expect(Object.keys(banks[0]!).sort()).toEqual(["alpha2", "id", "name", "nspk"]);
    expect(banks[0]).toMatchObject({ id: 2001, alpha2: "BR", nspk: "00000000" });
  });
  it("answers [] for a well-formed country without banks", async () => {
    const res = await api.get("/api/v1/bank/available?country=DE");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
  });
  it.each(["ru", "RUS", "XX", ""])("refuses country=%s with 400 naming country", async (country) => {
    const p = await problemOf(await api.get(`/api/v1/bank/available?country=${country}`), 400);
    expect(paths(p)).toEqual(["country"]);
  });
  it("refuses a missing country", async () => {
    const p = await problemOf(await api.get("/api/v1/bank/available"), 400);
    expect(paths(p)).toEqual(["country"]);
  });
});

describe("errors", () => {
  it("400 names every failing field", async () => {
    const req = samplePayoutRequest("Card", {
      amount: 10.001,
      client: { email: "nope" },
      payoutDetails: { ccNo: "4111111111111112", ccExpirationMonth: undefined },
    });
    const p = await problemOf(await api.post("/api/v1/payout/create", req), 400);
    expect(paths(p)).toEqual([
      "amount",
      "client.email",
      "payoutDetails.ccExpirationMonth",
      "payoutDetails.ccNo",
    ]);
    expect(p.errors?.every((e) => e.message.length > 0)).toBe(true);
  });

  it("400 for malformed JSON, and for a body that is not an object", async () => {
    await problemOf(await api.post("/api/v1/payin/create", '{"paymentId":'), 400);
    const p = await problemOf(await api.post("/api/v1/payin/create", "[]"), 400);
    expect(paths(p)).toEqual(["(body)"]);
  });

  it("400 for a bankId outside the directory, a method in the wrong country, an amount out of limits", async () => {
    const p1 = await problemOf(
      await api.post("/api/v1/payin/create", samplePayinRequest("SBP", { bankId: 2001 })),
      400,
    );
    expect(paths(p1)).toEqual(["bankId"]);
    const p2 = await problemOf(
      await api.post("/api/v1/payin/create", samplePayinRequest("PIX", { country: "RU" })),
      400,
    );
    expect(paths(p2)).toEqual(["country"]);
    const p3 = await problemOf(
      await api.post("/api/v1/payin/create", samplePayinRequest("Card", { amount: 5_000_000 })),
      400,
    );
    expect(paths(p3)).toEqual(["amount"]);
    expect(p3.errors?.[0]?.message).toContain("500000.00");
    const p4 = await problemOf(
      await api.post("/api/v1/payout/create", samplePayoutRequest("SBP", { bankId: 999_999 })),
      400,
    );
    expect(paths(p4)).toEqual(["bankId"]);
  });

  it("400 for a postbackUrl that is not http(s)", async () => {
    const req = samplePayinRequest("Card", { postbackUrl: "ftp://example.com/x" });
    const p = await problemOf(await api.post("/api/v1/payin/create", req), 400);
    expect(paths(p)).toEqual(["postbackUrl"]);
  });

  it("401 for a missing or unknown client id and for a bad signature", async () => {
    const raw = JSON.stringify(samplePayinRequest("Card"));
    const url = `${sandbox.url}/api/v1/payin/create`;
    const send = (headers: Record<string, string>) =>
      fetch(url, { method: "POST", body: raw, headers: { "content-type": "application/json", ...headers } });
    await problemOf(await send({}), 401);
    const good = signedClient(sandbox.url);
    const unknown = signedClient(sandbox.url, { clientId: "nobody", secret: TEST_ACCOUNT.secret });
    await problemOf(await unknown.post("/api/v1/payin/create", raw), 401);
    const wrongKey = signedClient(sandbox.url, {
      clientId: TEST_ACCOUNT.clientId,
      secret: "other-secret-123",
    });
    await problemOf(await wrongKey.post("/api/v1/payin/create", raw), 401);
    // A signature over other bytes than those sent (a re-serialised body) fails too.
    await problemOf(
      await good.post("/api/v1/payin/create", raw, {
        "x-signature": (await import("@/lib/signing")).sign(TEST_ACCOUNT.secret, `${raw} `),
      }),
      401,
    );
    await problemOf(await send({ "x-client-id": TEST_ACCOUNT.clientId }), 401);
  });

  it("401 for a GET signed over another query", async () => {
    const res = await fetch(`${sandbox.url}/api/v1/bank/available?country=RU`, {
      headers: {
        "x-client-id": TEST_ACCOUNT.clientId,
        "x-signature": (await import("@/lib/signing")).sign(
          TEST_ACCOUNT.secret,
          "/api/v1/bank/available?country=BR",
        ),
      },
    });
    await problemOf(res, 401);
  });

  it("404 for an unknown route, wrong method or unknown order", async () => {
    await problemOf(await api.get("/api/v1/nothing"), 404);
    await problemOf(await api.get("/api/v1/payin/create"), 404);
    await problemOf(await api.get("/sandbox/orders/00000000-0000-4000-8000-000000000000"), 404);
    await problemOf(await api.get("/sandbox/orders/not-a-uuid"), 404);
    await problemOf(await api.post("/sandbox/orders/not-a-uuid/status", { status: "Success" }), 404);
  });

  it("an unknown order is a 404 whatever its body: the order is looked up before the body's schema", async () => {
    const unknown = "/sandbox/orders/00000000-0000-4000-8000-000000000000";
    await problemOf(await api.post(`${unknown}/status`, { status: "Paid" }), 404);
    await problemOf(await api.post(`${unknown}/chaos`, { modes: ["nonsense"] }), 404);
  });

  it("413 for a body over the limit", async () => {
    const big = JSON.stringify({ ...samplePayinRequest("Card"), padding: "x".repeat(10_000) });
    await problemOf(await api.post("/api/v1/payin/create", big), 413);
  });

  it("415 for another content type", async () => {
    await problemOf(
      await api.post("/api/v1/payin/create", samplePayinRequest("Card"), { "content-type": "text/plain" }),
      415,
    );
  });

  it("415 in the same shape for a JSON type whose parameters a route's validator does not parse", async () => {
    const res = await api.post(
      "/sandbox/clock",
      { advanceSeconds: 1 },
      { "content-type": "application/json;" },
    );
    await problemOf(res, 415);
  });

  it("GET /openapi.json and /healthz answer", async () => {
    expect((await fetch(`${sandbox.url}/healthz`)).status).toBe(200);
    const doc = (await (await fetch(`${sandbox.url}/openapi.json`)).json()) as {
      openapi: string;
      servers: { url: string }[];
      paths: Record<string, unknown>;
    };
    expect(doc.openapi).toMatch(/^3\.1/);
    expect(doc.servers[0]?.url).toBe(sandbox.url);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/v1/payin/create", "/api/v1/payout/create", "/api/v1/bank/available"]),
    );
  });
});

describe("idempotency", () => {
  it("the same body returns the same order; another body is 409", async () => {
    const req = samplePayinRequest("Card", { addRandomCents: true });
    const first = await (await api.post("/api/v1/payin/create", req)).json();
    // Key order and spacing differ: still the same request.
    const reordered = JSON.stringify(Object.fromEntries(Object.entries(req).reverse()), null, 2);
    const again = await api.post("/api/v1/payin/create", reordered);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(first);
    const p = await problemOf(await api.post("/api/v1/payin/create", { ...req, amount: 1501 }), 409);
    expect(paths(p)).toEqual(["paymentId"]);
  });

  it("is per direction and per merchant", async () => {
    const paymentId = crypto.randomUUID();
    const a = await api.post("/api/v1/payin/create", samplePayinRequest("Card", { paymentId }));
    const b = await api.post("/api/v1/payout/create", samplePayoutRequest("Card", { paymentId }));
    const other = signedClient(sandbox.url, { clientId: "other-merchant", secret: "other-secret-123" });
    const c = await other.post("/api/v1/payin/create", samplePayinRequest("Card", { paymentId }));
    const ids = await Promise.all([a, b, c].map(async (r) => ((await r.json()) as { id: string }).id));
    expect(new Set(ids).size).toBe(3);
  });

  it("50 concurrent identical creates make exactly one order", async () => {
    const raw = JSON.stringify(samplePayinRequest("SBP", { addRandomCents: true }));
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => api.post("/api/v1/payin/create", raw)),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(50).fill(200));
    const bodies = await Promise.all(responses.map((r) => r.json()));
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    const rows = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM sandbox_orders WHERE payment_id = $1",
      [JSON.parse(raw).paymentId],
    );
    expect(rows[0]?.n).toBe(1);
  });
});

describe("rate limit", () => {
  it("429 with Retry-After once a client's window is used up, other clients unaffected", async () => {
    const limited = await startSandbox({
      database: db,
      accounts: [TEST_ACCOUNT, { clientId: "other-merchant", secret: "other-secret-123" }],
      rateLimit: 3,
      rateLimitWindowMs: 60_000,
    });
    try {
      const client = signedClient(limited.url);
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i < 4; i++) {
        last = await client.get("/api/v1/bank/available?country=KZ");
        statuses.push(last.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const retryAfter = Number(last?.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      await problemOf(last!, 429);
      const other = signedClient(limited.url, { clientId: "other-merchant", secret: "other-secret-123" });
      expect((await other.get("/api/v1/bank/available?country=KZ")).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe("SANDBOX_CONFIG_FILE", () => {
  it("a custom pool and a custom limit apply over HTTP", async () => {
    const cardNumber = `220220019999999${luhnCheckDigit("220220019999999")}`;
    const file = path.join(mkdtempSync(path.join(tmpdir(), "sbx-api-config-")), "sandbox.json");
    writeFileSync(
      file,
      JSON.stringify({
        amountLimits: { payin: { Card: { min: "10.00", max: "2000.00" } } },
        detailsPool: { cards: [{ cardNumber, cardHolderName: "QA POOL HOLDER" }] },
      }),
    );
    const config = loadSandboxConfig({ SANDBOX_CONFIG_FILE: file });
    const configured = await startSandbox({
      database: db,
      accounts: [TEST_ACCOUNT],
      rateLimit: 0,
      amountLimits: config.amountLimits,
      detailsPool: config.detailsPool,
    });
    try {
      const client = signedClient(configured.url);
      for (const amount of [10, 2000]) {
        const res = await client.post("/api/v1/payin/create", samplePayinRequest("Card", { amount }));
        expect(res.status).toBe(200);
        const body = payinResponseSchemaFor("Card").parse(await res.json());
        expect(body.bankDetails).toMatchObject({ card: { cardNumber, cardHolderName: "QA POOL HOLDER" } });
      }
      const p = await problemOf(
        await client.post("/api/v1/payin/create", samplePayinRequest("Card", { amount: 2000.01 })),
        400,
      );
      expect(paths(p)).toEqual(["amount"]);
      expect(p.errors?.[0]?.message).toContain("2000.00");
      // Other methods keep their default limits and pool.
      const sbp = await client.post("/api/v1/payin/create", samplePayinRequest("SBP", { amount: 5000 }));
      expect(sbp.status).toBe(200);
    } finally {
      await configured.close();
    }
  });
});
