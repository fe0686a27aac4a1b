/**
 * The dashboard's public and staff surfaces against text the product refuses (NUL, unpaired surrogates)
 * and inexact amounts (issue 8, items 3 and 6): a 400 or a field error naming what is wrong, never a 500,
 * and nothing changed. Route handlers and actions as Next calls them; real database (TEST_DB), real sandbox.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as exportOrders } from "@/app/(dashboard)/orders/export/route";
import { POST as receivePostback } from "@/app/api/postback/route";
import { createPayinAction } from "@/lib/actions/create-payin-action";
import { createPayoutAction } from "@/lib/actions/create-payout-action";
import { signInAction } from "@/lib/actions/sign-in-action";
import { type SandboxRuntime, startSandboxRuntime } from "@/lib/testing/dashboard-runtime";
import { signInTestRole } from "@/lib/testing/sign-in";
import type { Database } from "@/lib/database";
import type { OrderActionResult } from "@/lib/orders/field-errors";
import { type SandboxFixture, TEST_ACCOUNT } from "@/lib/testing/sandbox-fixture";
import { insertTestOrder, payinFormValues, payoutFormValues } from "@/lib/testing/test-orders";
import { sign } from "@/lib/signing";
import { testRequest } from "@/lib/testing/next-headers";
testRequest.headers.set("user-agent", "vitest");

vi.mock("next/headers", () => import("@/lib/testing/next-headers"));

type Action = (input: unknown) => Promise<OrderActionResult>;
type Handler = (request: Request) => Promise<Response>;

let rt: SandboxRuntime | undefined;
let fx: SandboxFixture;
let db: Database;
const createPayin: Action = createPayinAction;
const createPayout: Action = createPayoutAction;
const exportGet: Handler = exportOrders;
const postbackPost: Handler = receivePostback;
const signInAs = (role: "operator" | null) => signInTestRole(db, testRequest.cookies, role);

beforeAll(async () => {
  rt = await startSandboxRuntime("hostile_text");
  fx = rt.fx;
  db = rt.db;
});

afterAll(async () => {
  await rt?.close();
});

const count = async (table: string) =>
  (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]?.n ?? 0;

describe("create-order actions", () => {
  it.each([
    ["client.firstName", { firstName: "a\u0000b" }, /NUL/],
    ["client.email", { email: "\ud800@example.com" }, /surrogate/],
  ])("a bad %s is a field error; nothing is written", async (field, client, message) => {
    await signInAs("operator");
    const before = await count("orders");
    const values = payinFormValues();
    const result = await createPayin({ ...values, client: { ...values.client, ...client } });
    expect(result).toMatchObject({ ok: false, fieldErrors: { [field]: expect.stringMatching(message) } });
    expect(await count("orders")).toBe(before);
    expect(await fx.countOrders(values.paymentId)).toBe(0);
  });

  it.each(["99.99999999999999999", "1500.0000000000001"])(
    "amount %s is refused at the amount field (it is not rounded into an order)",
    async (amount) => {
      await signInAs("operator");
      const before = await count("orders");
      const values = payinFormValues({ amount });
      const result = await createPayin(values);
      expect(result).toMatchObject({
        ok: false,
        fieldErrors: { amount: expect.stringMatching(/two decimals/) },
      });
      const payout = await createPayout({
        ...payoutFormValues(),
        amount,
        payoutDetails: { bankAccountNo: "40817810099910004312\u0000" },
      });
      expect(payout).toMatchObject({
        ok: false,
        fieldErrors: { "payoutDetails.bankAccountNo": expect.stringMatching(/NUL/) },
      });
      expect(await count("orders")).toBe(before);
      expect(await fx.countOrders(values.paymentId)).toBe(0);
    },
  );
});

describe("GET /orders/export", () => {
  it.each([
    ["q", "q=%00"],
    ["status", "status=a%00b"],
  ])("a NUL in %s is a 400 naming it", async (field, query) => {
    await signInAs("operator");
    const res = await exportGet(new Request(`http://dashboard.test/orders/export?${query}`));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: { path: string; message: string }[] };
    expect(body.errors).toEqual([{ path: field, message: expect.stringMatching(/NUL/) }]);
  });
});

describe("sign-in", () => {
  it.each([
    ["email", "admin\u0000@example.com", "long enough password"],
    ["password", "admin@example.com", "pass\u0000word-long-enough"],
  ] as const)(
    "a bad %s is a field error before anything touches the database",
    async (field, email, password) => {
      const before = await count("rate_limits");
      const form = new FormData();
      form.set("email", email);
      form.set("password", password);
      const result = await signInAction(null, form);
      expect(result.ok).toBe(false);
      expect(result.fieldErrors?.[field]).toMatch(/NUL/);
      expect(await count("rate_limits")).toBe(before);
    },
  );
});

describe("POST /api/postback", () => {
  const post = (body: string, headers: Record<string, string> = {}) =>
    postbackPost(
      new Request("http://dashboard.test/api/postback", {
        method: "POST",
        body,
        headers: { "content-type": "application/json", ...headers },
      }),
    );
  const signed = (body: string) => ({
    "x-client-id": TEST_ACCOUNT.clientId,
    "x-signature": sign(TEST_ACCOUNT.secret, body),
  });

  it("a signed callback whose status holds a NUL is a 400 naming status, recorded as invalid", async () => {
    await signInAs(null);
    const order = await insertTestOrder(db, { providerOrderId: crypto.randomUUID() });
    const body = JSON.stringify({
      id: order.providerOrderId,
      paymentId: order.paymentId,
      type: order.direction,
      status: "Success\u0000",
      amount: 1500,
      paymentMethod: order.paymentMethod,
      country: order.country,
      updatedAt: new Date().toISOString(),
    });
    const res = await post(body, signed(body));
    expect(res.status).toBe(400);
    const problem = (await res.json()) as { errors: { path: string; message: string }[] };
    expect(problem.errors).toEqual([{ path: "status", message: expect.stringMatching(/NUL/) }]);
    const rows = await db.query<{ outcome: string; verified: boolean }>(
      "SELECT outcome, verified FROM callback_deliveries WHERE raw_body = $1",
      [body],
    );
    expect(rows).toEqual([{ outcome: "invalid", verified: true }]);
    const status = await db.query<{ status: string }>("SELECT status FROM orders WHERE id = $1", [order.id]);
    expect(status[0]?.status).toBe(order.status);
  });

  it.each([
    ["unsigned", false],
    ["signed", true],
  ])("a raw NUL in an %s body is a 400, nothing stored", async (_label, withSignature) => {
    const before = await count("callback_deliveries");
    const body = '{"id":"a\u0000b"}';
    const res = await post(body, withSignature ? signed(body) : {});
    expect(res.status).toBe(400);
    expect(await count("callback_deliveries")).toBe(before);
  });

  it("an unsigned post with an escaped surrogate is refused (401) without a 500", async () => {
    const res = await post('{"id":"\\ud800","status":"\\u0000"}');
    expect(res.status).toBe(401);
  });
});
