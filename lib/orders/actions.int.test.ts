/**
 * The order server actions and GET /api/banks as Next calls them: each checks the session and the role
 * itself, before anything is validated or written. Real dashboard database (TEST_DB backend), real sandbox
 * over HTTP; only the request's cookie jar (next/headers) is stood in for, since there is no HTTP request.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET } from "@/app/api/banks/route";
import { createPayinAction } from "@/lib/actions/create-payin-action";
import { createPayoutAction } from "@/lib/actions/create-payout-action";
import { retryOrderAction } from "@/lib/actions/retry-order-action";
import { flushCallLog } from "@/lib/payment-api/call-log";
import { type SandboxRuntime, startSandboxRuntime } from "@/lib/testing/dashboard-runtime";
import { signInTestRole } from "@/lib/testing/sign-in";
import type { Database } from "@/lib/database";
import { payinFormValues, payoutFormValues } from "@/lib/testing/test-orders";
import type { OrderActionResult } from "./field-errors";
import { testRequest } from "@/lib/testing/next-headers";

vi.mock("next/headers", () => import("@/lib/testing/next-headers"));

type Action = (input: unknown) => Promise<OrderActionResult>;

let rt: SandboxRuntime | undefined;
let db: Database;
const actions: { createPayin: Action; createPayout: Action; retry: Action } = {
  createPayin: createPayinAction,
  createPayout: createPayoutAction,
  retry: retryOrderAction,
};
const banksGet: (request: Request) => Promise<Response> = GET;
const signInAs = async (role: "admin" | "operator" | "viewer" | null) =>
  (await signInTestRole(db, testRequest.cookies, role))?.id ?? null;

beforeAll(async () => {
  rt = await startSandboxRuntime("orders_actions");
  db = rt.db;
});

afterAll(async () => {
  await rt?.close();
});

async function orderCount(): Promise<number> {
  const rows = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM orders");
  return rows[0]?.n ?? 0;
}

describe("who may create and retry orders", () => {
  it.each([
    [null, /signed out/],
    ["viewer", /doesn't allow/],
  ] as const)("%s: every order action is refused and nothing is written", async (role, message) => {
    await signInAs(role);
    const before = await orderCount();
    expect(await actions.createPayin(payinFormValues())).toEqual({
      ok: false,
      message: expect.stringMatching(message),
    });
    expect(await actions.createPayout(payoutFormValues())).toEqual({
      ok: false,
      message: expect.stringMatching(message),
    });
    expect(await actions.retry({ orderId: crypto.randomUUID() })).toEqual({
      ok: false,
      message: expect.stringMatching(message),
    });
    // Refused before validation: even garbage gets the same answer.
    expect(await actions.createPayin("garbage")).toEqual({
      ok: false,
      message: expect.stringMatching(message),
    });
    expect(await orderCount()).toBe(before);
  });

  it.each(["operator", "admin"] as const)("%s creates orders through the actions", async (role) => {
    const userId = await signInAs(role);
    const payin = await actions.createPayin(payinFormValues({ addRandomCents: true }));
    expect(payin.ok).toBe(true);
    const payout = await actions.createPayout(payoutFormValues());
    expect(payout.ok).toBe(true);
    const ids = [payin, payout].map((r) => (r.ok ? r.orderId : ""));
    const rows = await db.query<{ created_by: string; status: string; request: { postbackUrl: string } }>(
      "SELECT created_by, status, request FROM orders WHERE id = ANY($1::uuid[]) ORDER BY direction",
      [ids],
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ created_by: userId, status: "In progress" });
      expect(row.request.postbackUrl).toBe("http://dashboard.test/api/postback");
    }
  });

  it("the action validates with the form's schema: errors by field, nothing written", async () => {
    await signInAs("operator");
    const before = await orderCount();
    const result = await actions.createPayout({ ...payoutFormValues(), payoutDetails: {}, amount: "-1" });
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: {
        amount: expect.any(String),
        "payoutDetails.bankAccountNo": expect.stringMatching(/^Required/),
      },
    });
    expect(await actions.retry({ orderId: "not-a-uuid" })).toMatchObject({
      ok: false,
      fieldErrors: { orderId: expect.any(String) },
    });
    expect(await orderCount()).toBe(before);
  });
});

describe("amounts reach the actions as text (issue 8, item 6)", () => {
  it.each([
    [Number("99.99999999999999999"), /^Must be the amount as text/],
    ["99.99999999999999999", /at most two decimals/],
  ])(
    "createPayin and createPayout refuse amount %j at the amount field, writing nothing",
    async (amount, message) => {
      await signInAs("operator");
      const before = await orderCount();
      const expected = { ok: false, fieldErrors: { amount: expect.stringMatching(message) } };
      expect(await actions.createPayin(payinFormValues({ amount }))).toMatchObject(expected);
      expect(await actions.createPayout({ ...payoutFormValues(), amount })).toMatchObject(expected);
      expect(await orderCount()).toBe(before);
    },
  );

  it('accepts "99.99" as text, creating an order for 99.99', async () => {
    await signInAs("operator");
    const result = await actions.createPayin(payinFormValues({ amount: "99.99" }));
    expect(result.ok).toBe(true);
    const rows = await db.query<{ request: { amount: number } }>("SELECT request FROM orders WHERE id = $1", [
      result.ok ? result.orderId : null,
    ]);
    expect(rows[0]?.request.amount).toBe(99.99);
  });
});

describe("GET /api/banks", () => {
  const get = (query: string) => banksGet(new Request(`http://dashboard.test/api/banks${query}`));

  it("answers 401 signed out, and any signed-in role the country's banks", async () => {
    await signInAs(null);
    expect((await get("?country=RU")).status).toBe(401);
    const viewerId = await signInAs("viewer");
    const res = await get("?country=BR");
    expect(res.status).toBe(200);
    const banks = (await res.json()) as { id: number; name: string; country: string; code: string }[];
    expect(banks.length).toBeGreaterThan(0);
    expect(banks.every((b) => b.country === "BR" && /^\d{8}$/.test(b.code))).toBe(true);
    // The request log names who asked.
    await flushCallLog();
    const [logged] = await db.query<{ userId: string | null }>(
      `SELECT user_id AS "userId" FROM payment_api_calls WHERE url LIKE '%/bank/available?country=BR'
        ORDER BY started_at DESC LIMIT 1`,
    );
    expect(logged?.userId).toBe(viewerId);
  });

  it.each(["", "?country=", "?country=ru", "?country=XX", "?country=RUS"])(
    "refuses %j with 400 naming country",
    async (q) => {
      await signInAs("operator");
      const res = await get(q);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { errors: { path: string; message: string }[] };
      expect(body.errors[0]?.path).toBe("country");
    },
  );

  it("names each bank as the pay page would for the browser's language (Сбербанк to a Russian reader)", async () => {
    await signInAs("operator");
    const sber = async (acceptLanguage: string) => {
      testRequest.headers.set("accept-language", acceptLanguage);
      try {
        const res = await get("?country=RU");
        expect(res.headers.get("vary")).toBe("Accept-Language");
        return ((await res.json()) as { id: number; name: string }[]).find((b) => b.id === 1001)?.name;
      } finally {
        testRequest.headers.delete("accept-language");
      }
    };
    expect(await sber("ru-RU,ru;q=0.9")).toBe("Сбербанк");
    expect(await sber("en-US,en;q=0.9")).toBe("Sberbank");
    expect(await sber("pt-BR")).toBe("Sberbank");
  });

  it("a country without banks is an empty list", async () => {
    await signInAs("operator");
    const res = await get("?country=FR");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
  });
});

describe("Fix and resend through the actions", () => {
  type WithOptions = (input: unknown, options?: unknown) => Promise<OrderActionResult>;

  it.each([
    ["not a UUID", { resendOf: "abc" }, "resendOf"],
    ["an unknown key", { resendOf: crypto.randomUUID(), extra: 1 }, "(form)"],
    ["not an object", "x", "(form)"],
  ])(
    "bad options (%s) are refused naming the field, and nothing is written",
    async (_name, options, path) => {
      await signInAs("operator");
      const before = await orderCount();
      const result = await (actions.createPayin as WithOptions)(payinFormValues(), options);
      expect(result.ok).toBe(false);
      expect(result.ok ? {} : result.fieldErrors).toHaveProperty([path]);
      expect(await orderCount()).toBe(before);
    },
  );

  it("a refused pay-in resent with corrected values is a new order linked to it", async () => {
    await signInAs("operator");
    const refused = await actions.createPayin(payinFormValues({ paymentMethod: "Card", amount: "5.00" }));
    expect(refused).toMatchObject({ ok: false, refused: true });
    const refusedId = refused.ok ? "" : (refused.orderId ?? "");
    const fixed = await (actions.createPayin as WithOptions)(
      payinFormValues({ paymentMethod: "Card", amount: "50.00" }),
      { resendOf: refusedId },
    );
    expect(fixed.ok).toBe(true);
    const rows = await db.query<{ resend_of: string }>("SELECT resend_of FROM orders WHERE id = $1", [
      fixed.ok ? fixed.orderId : "",
    ]);
    expect(rows[0]?.resend_of).toBe(refusedId);
  });
});
