/**
 * The sandbox judges Pix keys, the countries a method serves and a card pay-in's bankId with the contract's
 * schemas: over HTTP, against a real database (runs for both TEST_DB backends).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payinResponseSchemaFor, payoutResponseSchema, problemSchema } from "@/lib/contract";
import { samplePayinRequest, samplePayoutRequest } from "@/lib/contract/samples";
import type { Database } from "@/lib/database";
import { type ScratchSandbox, startScratchSandbox } from "@/lib/testing/sandbox-fixture";
import { findBank } from "./banks";
import type { RunningSandbox } from "./server";
import { findOrderByPaymentId } from "@/lib/database/sandbox/orders";
import { signedClient, TEST_ACCOUNT } from "@/lib/testing/sandbox-http";

let running: ScratchSandbox | undefined;
let db: Database;
let sandbox: RunningSandbox;
let api: ReturnType<typeof signedClient>;

beforeAll(async () => {
  running = await startScratchSandbox("sandbox_rules", { rateLimit: 0 });
  ({ sandbox, db } = running);
  api = signedClient(sandbox.url);
});

afterAll(async () => {
  await running?.close();
});

async function refusal(res: Response) {
  expect(res.status).toBe(400);
  expect(res.headers.get("content-type")).toContain("application/problem+json");
  const body = problemSchema.parse(await res.json());
  return body.errors ?? [];
}

const stored = (direction: "payin" | "payout", paymentId: string) =>
  findOrderByPaymentId(db, TEST_ACCOUNT.clientId, direction, paymentId);

describe("Pix pay-out keys", () => {
  it("refuses a Russian phone as the PIX_OUT_PHONE key, naming client.phone, and creates nothing", async () => {
    const req = samplePayoutRequest("PIX_OUT_PHONE", { client: { phone: "+79161234567" } });
    const errors = await refusal(await api.post("/api/v1/payout/create", req));
    expect(errors).toEqual([
      { path: "client.phone", message: expect.stringMatching(/^Must be a Brazilian phone number/) },
    ]);
    expect(await stored("payout", req.paymentId)).toBeUndefined();
  });

  it("accepts a Brazilian PIX_OUT_PHONE key", async () => {
    const req = samplePayoutRequest("PIX_OUT_PHONE", { client: { phone: "+551133334444" } });
    const res = await api.post("/api/v1/payout/create", req);
    expect(res.status).toBe(200);
    expect(payoutResponseSchema.parse(await res.json()).status).toBe("In progress");
    expect(await stored("payout", req.paymentId)).toBeDefined();
  });

  it("refuses an invalid e-mail as the PIX_OUT_EMAIL key, naming client.email", async () => {
    const req = samplePayoutRequest("PIX_OUT_EMAIL", { client: { email: "maria@@example" } });
    expect((await refusal(await api.post("/api/v1/payout/create", req))).map((e) => e.path)).toEqual([
      "client.email",
    ]);
  });

  it("refuses an e-mail too long to be a Pix key, naming client.email", async () => {
    const req = samplePayoutRequest("PIX_OUT_EMAIL", { client: { email: `${"m".repeat(66)}@example.com` } });
    expect(await refusal(await api.post("/api/v1/payout/create", req))).toEqual([
      { path: "client.email", message: expect.stringContaining("at most 77 characters") },
    ]);
  });

  it("refuses a CPF with wrong check digits as the PIX_OUT_CPF key, naming client.tin", async () => {
    const req = samplePayoutRequest("PIX_OUT_CPF", { client: { tin: "529.982.247-24" } });
    expect(await refusal(await api.post("/api/v1/payout/create", req))).toEqual([
      { path: "client.tin", message: expect.stringContaining("check digits") },
    ]);
  });
});

describe("the countries a method serves", () => {
  it("refuses pay-in SBP with country BR, naming country", async () => {
    const req = samplePayinRequest("SBP", { country: "BR" });
    expect(await refusal(await api.post("/api/v1/payin/create", req))).toEqual([
      { path: "country", message: expect.stringMatching(/^Must be RU: SBP serves country RU only/) },
    ]);
  });
});

describe("a card pay-in's bank", () => {
  it.each([
    ["Card", "RU", 1002],
    ["CrossBorderCard", "KZ", 3001],
  ] as const)("%s honours the chosen bankId", async (method, country, bankId) => {
    const res = await api.post("/api/v1/payin/create", samplePayinRequest(method, { country, bankId }));
    expect(res.status).toBe(200);
    const body = payinResponseSchemaFor(method).parse(await res.json());
    expect(body.bankDetails.bankName).toBe(findBank(bankId)?.name);
  });
});
