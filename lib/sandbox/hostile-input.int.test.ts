/**
 * Bad text and inexact amounts (issue 8, items 3 and 6): refused with a 400 naming the field, on both
 * databases, and nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { problemSchema } from "@/lib/contract";
import { sign } from "@/lib/signing";
import { samplePayinRequest, samplePayoutRequest } from "@/lib/contract/samples";
import type { Database } from "@/lib/database";
import { type ScratchSandbox, startScratchSandbox } from "@/lib/testing/sandbox-fixture";
import type { RunningSandbox } from "./server";
import { signedClient, TEST_ACCOUNT } from "@/lib/testing/sandbox-http";

let running: ScratchSandbox | undefined;
let db: Database;
let sandbox: RunningSandbox;
let api: ReturnType<typeof signedClient>;

beforeAll(async () => {
  running = await startScratchSandbox("sandbox_hostile", { rateLimit: 0 });
  ({ sandbox, db } = running);
  api = signedClient(sandbox.url);
});

afterAll(async () => {
  await running?.close();
});

const orderCount = async () =>
  (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM sandbox_orders"))[0]?.n;

async function refusedWith(res: Response, path: string, message: RegExp) {
  expect(res.status).toBe(400);
  const body = problemSchema.parse(await res.json());
  expect(body.errors).toContainEqual({ path, message: expect.stringMatching(message) });
}

describe("text the service does not accept", () => {
  const NUL = /NUL character/;
  const SURROGATE = /unpaired UTF-16 surrogate/;
  it.each([
    ["client.firstName", NUL, (r: Record<string, unknown>) => withClient(r, { firstName: "a\u0000b" })],
    ["client.lastName", SURROGATE, (r: Record<string, unknown>) => withClient(r, { lastName: "\ud800x" })],
    ["client.email", NUL, (r: Record<string, unknown>) => withClient(r, { email: "a\u0000@b.co" })],
    ["trafficType", SURROGATE, (r: Record<string, unknown>) => ({ ...r, trafficType: "x\udc00" })],
    ["extra.0.note", NUL, (r: Record<string, unknown>) => ({ ...r, extra: [{ note: "\u0000" }] })],
  ])("pay-in with a bad %s: 400 naming it, nothing stored", async (path, message, edit) => {
    const before = await orderCount();
    const res = await api.post("/api/v1/payin/create", edit(samplePayinRequest("SBP")));
    await refusedWith(res, path, message);
    expect(await orderCount()).toBe(before);
  });

  it("pay-out with a NUL in a payout detail: 400 naming it, nothing stored", async () => {
    const before = await orderCount();
    const req = samplePayoutRequest("Card");
    const res = await api.post("/api/v1/payout/create", {
      ...req,
      payoutDetails: { ...req.payoutDetails, ccHolderName: "IVAN\u0000IVANOV" },
    });
    await refusedWith(res, "payoutDetails.ccHolderName", NUL);
    expect(await orderCount()).toBe(before);
  });

  it("a bad field name is named escaped", async () => {
    const res = await api.post("/api/v1/payin/create", { ...samplePayinRequest("SBP"), "k\u0000": 1 });
    await refusedWith(res, "k\\u0000", NUL);
  });

  it("a status change with a NUL status is a 400, not a 500", async () => {
    const created = await api.post("/api/v1/payin/create", samplePayinRequest("SBP"));
    const { id } = (await created.json()) as { id: string };
    const res = await api.post(`/sandbox/orders/${id}/status`, { status: "Success\u0000" });
    await refusedWith(res, "status", NUL);
    const view = (await (await api.get(`/sandbox/orders/${id}`)).json()) as { status: string };
    expect(view.status).toBe("In progress");
  });

  it("invalid UTF-8 in the body is a 400 (malformed), in a path a 404, in a query a 400", async () => {
    const bytes = Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
    const res = await fetch(`${sandbox.url}/api/v1/payin/create`, {
      method: "POST",
      body: bytes,
      headers: {
        "content-type": "application/json",
        "x-client-id": TEST_ACCOUNT.clientId,
        "x-signature": sign(TEST_ACCOUNT.secret, bytes),
      },
    });
    await refusedWith(res, "(body)", /UTF-8/);
    // One decoder serves every request: a body ending inside a character leaves nothing behind for the next.
    const cut = Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xe2, 0x82])]);
    const cutRes = await fetch(`${sandbox.url}/api/v1/payin/create`, {
      method: "POST",
      body: cut,
      headers: {
        "content-type": "application/json",
        "x-client-id": TEST_ACCOUNT.clientId,
        "x-signature": sign(TEST_ACCOUNT.secret, cut),
      },
    });
    await refusedWith(cutRes, "(body)", /UTF-8/);
    expect((await api.post("/api/v1/payin/create", JSON.stringify(samplePayinRequest("SBP")))).status).toBe(
      200,
    );
    expect((await api.get("/sandbox/orders/%FF")).status).toBe(404);
    const banks = await api.get("/api/v1/bank/available?country=%FF%00");
    expect(banks.status).toBe(400);
  });
});

describe("amounts judged on their text", () => {
  it.each([
    ["payin", "99.99999999999999999", /at most two decimals/],
    ["payin", "1500.0000000000001", /at most two decimals/],
    ["payin", "1500.000", /at most two decimals/],
    ["payout", "1500.0000000000001", /at most two decimals/],
    ["payin", "1e3", /without an exponent/],
    ["payout", "15E2", /without an exponent/],
  ] as const)("%s amount %s is refused, nothing stored", async (direction, literal, message) => {
    const before = await orderCount();
    const req = direction === "payin" ? samplePayinRequest("SBP") : samplePayoutRequest("Card");
    // Swap the literal into the JSON text: JSON.stringify would already have rounded it.
    const raw = JSON.stringify({ ...req, amount: 424242 }).replace("424242", literal);
    const res = await api.post(`/api/v1/${direction}/create`, raw);
    await refusedWith(res, "amount", message);
    expect(await orderCount()).toBe(before);
  });

  it("-0 keeps its own error", async () => {
    const raw = JSON.stringify({ ...samplePayinRequest("SBP"), amount: 424242 }).replace("424242", "-0");
    await refusedWith(await api.post("/api/v1/payin/create", raw), "amount", /greater than 0/);
  });

  it("two decimals, one, none, and a key given twice (the last wins) are accepted", async () => {
    for (const literal of ["1500.5", "1500.25", "1500"]) {
      const raw = JSON.stringify({ ...samplePayinRequest("SBP"), amount: 424242 }).replace("424242", literal);
      const res = await api.post("/api/v1/payin/create", raw);
      expect(res.status, literal).toBe(200);
    }
    const twice = JSON.stringify(samplePayinRequest("SBP")).replace("{", '{"amount":1.0000001,');
    expect((await api.post("/api/v1/payin/create", twice)).status).toBe(200);
  });
});

function withClient(req: Record<string, unknown>, client: Record<string, unknown>) {
  return { ...req, client: { ...(req.client as Record<string, unknown>), ...client } };
}
