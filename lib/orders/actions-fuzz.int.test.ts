/**
 * Property fuzz of the create-order server actions (issue 8), called as Next calls them (see
 * actions.int.test.ts): generated form values with wrong types, bad characters, huge and deep values,
 * inexact amounts and other methods' details. No call throws; a refused call (no order id) writes nothing.
 * A failure prints its seed; FUZZ_SEED=<seed> replays it.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createPayinAction } from "@/lib/actions/create-payin-action";
import { createPayoutAction } from "@/lib/actions/create-payout-action";
import { sessionCookieName } from "@/lib/auth/cookie";
import { startTestRuntime, type TestRuntime } from "@/lib/testing/dashboard-runtime";
import { signInTestRole } from "@/lib/testing/sign-in";
import type { Database } from "@/lib/database";
import { type SandboxFixture, startSandboxFixture, paymentApiEnv } from "@/lib/testing/sandbox-fixture";
import {
  amountLiteral,
  assertFuzz,
  junkValue,
  nastyString,
  pathsOf,
  REMOVE,
  setPath,
  fuzzRuns,
} from "@/lib/testing/fuzz";
import type { OrderActionResult } from "./field-errors";
import { testRequest } from "@/lib/testing/next-headers";

const RUNS = fuzzRuns(1_000);

vi.mock("next/headers", () => import("@/lib/testing/next-headers"));

type Action = (input: unknown) => Promise<OrderActionResult>;

let fx: SandboxFixture;
let rt: TestRuntime | undefined;
let db: Database;
const actions: { payin: Action; payout: Action } = { payin: createPayinAction, payout: createPayoutAction };
let sessions: Record<"operator" | "viewer", string>;

beforeAll(async () => {
  fx = await startSandboxFixture({ callbackRetrySchedule: [60_000] });
  rt = await startTestRuntime("orders_fuzz", {
    ...paymentApiEnv(fx.url),
    PUBLIC_BASE_URL: "http://dashboard.test",
  });
  db = rt.db;
  const viewer = await signInTestRole(db, testRequest.cookies, "viewer");
  const operator = await signInTestRole(db, testRequest.cookies, "operator");
  sessions = { viewer: viewer?.token ?? "", operator: operator?.token ?? "" };
  testRequest.cookies.set(sessionCookieName(), sessions.operator);
  // Setup only (two databases, the sandbox): slow on a loaded machine.
}, 180_000);

afterAll(async () => {
  await rt?.close();
  await fx?.close();
});

const PAYIN_METHODS = ["SBP", "Card", "PIX", "QRNSPK", "CrossBorderSBP"];
const PAYOUT_METHODS = ["BankAccount", "Card", "SBP", "PIX_OUT_CPF", "PIX_OUT_EMAIL"];

function payinValues(method: string) {
  return {
    paymentId: crypto.randomUUID(),
    paymentMethod: method,
    client: {
      id: crypto.randomUUID(),
      ip: "203.0.113.10",
      email: "client@example.com",
      phone: "",
      firstName: "",
    },
    amount: "1500",
    country: method === "PIX" ? "BR" : "RU",
    trafficType: "ALL",
    bankId: "",
    addRandomCents: false,
  };
}

function payoutValues(method: string) {
  return {
    paymentId: crypto.randomUUID(),
    paymentMethod: method,
    client: { id: crypto.randomUUID(), ip: "203.0.113.10", email: "client@example.com", tin: "", phone: "" },
    amount: "1500",
    country: method.startsWith("PIX") ? "BR" : "RU",
    trafficType: "ALL",
    payoutDetails: {
      bankAccountNo: "40817810099910004312",
      ccNo: "4111 1111 1111 1111",
      ccHolderName: "IVAN IVANOV",
      ccExpirationMonth: "12",
      ccExpirationYear: "39",
      phoneNumber: "+79001234567",
      payeeName: "Ivan I.",
      email: "pix@example.com",
    },
  };
}

const call = fc.record({
  direction: fc.constantFrom("payin" as const, "payout" as const),
  method: fc.nat(),
  role: fc.constantFrom("operator", "operator", "operator", "operator", "operator", "viewer", "none"),
  mutation: fc.oneof(
    fc.record({ kind: fc.constant("valid" as const) }),
    fc.record({ kind: fc.constant("set" as const), at: fc.nat(), value: junkValue }),
    fc.record({ kind: fc.constant("text" as const), at: fc.nat(), value: nastyString }),
    fc.record({ kind: fc.constant("remove" as const), at: fc.nat() }),
    fc.record({ kind: fc.constant("amount" as const), literal: amountLiteral }),
    fc.record({
      kind: fc.constant("method" as const),
      value: fc.oneof(nastyString, fc.constantFrom(...PAYIN_METHODS, ...PAYOUT_METHODS)),
    }),
    fc.record({ kind: fc.constant("huge" as const), at: fc.nat() }),
    fc.record({
      kind: fc.constant("deep" as const),
      at: fc.nat(),
      depth: fc.integer({ min: 1, max: 3_000 }),
    }),
    fc.record({ kind: fc.constant("root" as const), value: fc.oneof(junkValue, fc.anything()) }),
  ),
});

type Call = typeof call extends fc.Arbitrary<infer T> ? T : never;

function build({ direction, method, mutation }: Call): unknown {
  const methods = direction === "payin" ? PAYIN_METHODS : PAYOUT_METHODS;
  const base: unknown =
    direction === "payin"
      ? payinValues(methods[method % methods.length] as string)
      : payoutValues(methods[method % methods.length] as string);
  const paths = pathsOf(base).filter((p) => p.length > 0);
  const pick = (at: number) => paths[at % paths.length] as string[];
  switch (mutation.kind) {
    case "valid":
      return base;
    case "set":
    case "text":
      return setPath(base, pick(mutation.at), mutation.value);
    case "remove":
      return setPath(base, pick(mutation.at), REMOVE);
    case "amount":
      return setPath(base, ["amount"], mutation.literal);
    case "method":
      return setPath(base, ["paymentMethod"], mutation.value);
    case "huge":
      return setPath(base, pick(mutation.at), "9".repeat(200_000));
    case "deep": {
      let deep: unknown = "x";
      for (let i = 0; i < mutation.depth; i++) deep = { a: deep };
      return setPath(base, pick(mutation.at), deep);
    }
    case "root":
      return mutation.value;
  }
}

const orderCount = async () =>
  (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM orders"))[0]?.n ?? 0;

/** The simulated slow fault (amount cents .56) makes the service wait on purpose. */
const slowTrigger = (values: unknown) =>
  typeof values === "object" &&
  values !== null &&
  /\.56$|,56$/.test(String((values as { amount?: unknown }).amount));

describe("create-order actions fuzz", () => {
  it(`${RUNS} generated calls: none throws, a refused one writes nothing`, async () => {
    const outcomes = { ok: 0, refused: 0, saved: 0 };
    await assertFuzz(
      "create-order actions",
      call,
      async (c) => {
        const values = build(c);
        fc.pre(!slowTrigger(values));
        if (c.role === "none") testRequest.cookies.delete(sessionCookieName());
        else testRequest.cookies.set(sessionCookieName(), sessions[c.role as "operator" | "viewer"]);
        const before = await orderCount();
        const result = await actions[c.direction](values);
        expect(typeof result).toBe("object");
        expect(typeof result.ok).toBe("boolean");
        const after = await orderCount();
        if (result.ok) {
          outcomes.ok++;
          expect(after).toBe(before + 1);
        } else if (result.orderId) {
          // Saved before the service refused it, as "Submit failed": nothing a user submitted is lost.
          outcomes.saved++;
          expect(after).toBe(before + 1);
        } else {
          outcomes.refused++;
          expect(after).toBe(before);
        }
      },
      RUNS,
    );
    expect(outcomes.ok).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
  }, 300_000);
});
