/**
 * "I have paid" end to end below the browser: the public route (bounds, rate limits, duplicates, refusals
 * naming the field), the pay page's poll showing the case's state, staff closing it by the server action
 * (roles, audit), the order's Success closing it by itself, and the event stream told of each change.
 */
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { GET as getStatus } from "@/app/api/pay/[token]/route";
import { POST } from "@/app/api/pay/[token]/case/route";
import { closePaymentCaseAction } from "@/lib/actions/close-payment-case-action";
import type { Database } from "@/lib/database";
import { listAudit } from "@/lib/database/dashboard/queries/audit";
import { countOpenCases, listCases, listCasesOfOrder } from "@/lib/database/dashboard/queries/payment-cases";
import { signedInAs } from "@/lib/testing/action-session";
import { startTestRuntime, type TestRuntime } from "@/lib/testing/dashboard-runtime";
import { insertPayinWithPage, type PayRoutePost, postToPayRoute } from "@/lib/testing/test-orders";
import { CASE_ADDRESS_RULE, CASE_TOKEN_RULE, MAX_CASES_PER_ORDER } from "./submit";

vi.mock("next/headers", () => import("@/lib/testing/next-headers"));

let rt: TestRuntime | undefined;
let db: Database;

beforeAll(async () => {
  rt = await startTestRuntime("payment_cases");
  db = rt.db;
});
afterAll(async () => {
  await rt?.close();
});

const PIX = "E18236120202611221015s0123456789";
const SBP = "A41171137035150B0000080011340501";

const payinWithPage = (paymentMethod = "PIX", status = "In progress") =>
  insertPayinWithPage(db, {
    paymentMethod,
    status,
    bankDetails: { qr: { code: "000201" }, bankName: "Banco", bankId: 1 },
  });

const post = (token: string, body: unknown, opts?: PayRoutePost) =>
  postToPayRoute(POST, "case", token, body, opts);

async function pollCase(token: string) {
  const res = await getStatus(new Request(`http://localhost/api/pay/${token}`), {
    params: Promise.resolve({ token }),
  });
  return ((await res.json()) as { case: { state: string } | null }).case;
}

describe("submitting from the pay page", () => {
  test("a valid Pix id opens one case; the poll shows it under review; the staff list has it", async () => {
    const { token, order } = await payinWithPage("PIX");
    expect(await pollCase(token)).toBeNull();
    const res = await post(token, { reference: ` ${PIX} `, note: "Paid at 10:02" });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ case: { state: "open", closedAt: null }, alreadyOpen: false });
    expect(await pollCase(token)).toMatchObject({ state: "open" });
    const [row] = await listCasesOfOrder(db, order.id);
    expect(row).toMatchObject({
      reference: PIX,
      note: "Paid at 10:02",
      state: "open",
      paymentId: order.paymentId,
    });
    expect((await listCases(db, { state: "open" })).map((c) => c.orderId)).toContain(order.id);
    expect(await listAudit(db, { target: order.id, action: "case.open" })).toHaveLength(1);
  });

  test("re-submitting while open changes nothing and says it is under review", async () => {
    const { token, order } = await payinWithPage("SBP");
    expect((await post(token, { reference: SBP })).status).toBe(201);
    const again = await post(token, { reference: SBP.replace("A", "B") });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ case: { state: "open" }, alreadyOpen: true });
    const cases = await listCasesOfOrder(db, order.id);
    expect(cases.map((c) => c.reference)).toEqual([SBP]);
  });

  test("parallel submissions make one case", async () => {
    const { token, order } = await payinWithPage("SBP");
    const answers = await Promise.all([1, 2, 3, 4].map(() => post(token, { reference: SBP })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 201]);
    expect(await listCasesOfOrder(db, order.id)).toHaveLength(1);
  });

  test("bad input: 400 naming each field, nothing stored", async () => {
    const { token, order } = await payinWithPage("PIX");
    const res = await post(token, { reference: "E123", note: "card 4111 1111 1111 1111" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "invalid", fields: { reference: "pix", note: "cardNumber" } });
    const free = await payinWithPage("Card");
    const r2 = await post(free.token, { reference: "4111111111111111" });
    expect(await r2.json()).toEqual({ error: "invalid", fields: { reference: "cardNumber" } });
    expect((await post(free.token, {}, { raw: "{not json" })).status).toBe(400);
    expect((await post(free.token, {}, { type: "text/plain" })).status).toBe(415);
    expect((await post(free.token, { reference: "x".repeat(4000) })).status).toBe(413);
    expect(await listCasesOfOrder(db, order.id)).toHaveLength(0);
  });

  test("unknown or malformed tokens, and another site's post, are refused", async () => {
    expect((await post("short", { reference: PIX })).status).toBe(404);
    expect((await post("a".repeat(40), { reference: PIX })).status).toBe(404);
    const { token } = await payinWithPage("PIX");
    const request = new Request(`http://localhost/api/pay/${token}/case`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example", host: "localhost" },
      body: JSON.stringify({ reference: PIX }),
    });
    expect((await POST(request, { params: Promise.resolve({ token }) })).status).toBe(403);
  });

  test("rate-limited per token, then per address, with Retry-After", async () => {
    const { token } = await payinWithPage("PIX");
    for (let i = 0; i < CASE_TOKEN_RULE.limit; i++) await post(token, { reference: "bad" });
    const limited = await post(token, { reference: PIX });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ error: "rateLimited" });

    const address = "203.0.113.77";
    for (let i = 0; i < CASE_ADDRESS_RULE.limit; i++) {
      const other = await payinWithPage("PIX");
      await post(other.token, { reference: "bad" }, { address });
    }
    const fresh = await payinWithPage("PIX");
    expect((await post(fresh.token, { reference: PIX }, { address })).status).toBe(429);
    expect((await post(fresh.token, { reference: PIX }, { address: "203.0.113.78" })).status).toBe(201);
  });

  test("posts to made-up tokens count per address before the look-up: 404 until the limit, then 429", async () => {
    const address = "203.0.113.91";
    const madeUp = () => crypto.randomUUID().replaceAll("-", "");
    for (let i = 0; i < CASE_ADDRESS_RULE.limit; i++) {
      expect((await post(madeUp(), { reference: PIX }, { address })).status).toBe(404);
    }
    const limited = await post(madeUp(), { reference: PIX }, { address });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    const { token } = await payinWithPage("PIX");
    expect((await post(token, { reference: PIX }, { address })).status).toBe(429);
  });

  test("a paid or failed order takes no case", async () => {
    for (const status of ["Success", "Failed"]) {
      const { token } = await payinWithPage("PIX", status);
      expect((await post(token, { reference: PIX })).status).toBe(409);
    }
    const expired = await payinWithPage("PIX", "Expired");
    expect((await post(expired.token, { reference: PIX })).status).toBe(201);
  });
});

describe("staff closing a case", () => {
  test("viewers and approvers may not; an operator closes as not found, audited; the customer may report again", async () => {
    const { token, order } = await payinWithPage("SBP");
    await post(token, { reference: SBP });
    const [open] = await listCasesOfOrder(db, order.id);
    for (const role of ["viewer", "approver"] as const) {
      await signedInAs(db, role);
      expect(await closePaymentCaseAction({ caseId: open!.id, outcome: "found" })).toMatchObject({
        ok: false,
      });
    }
    const operator = await signedInAs(db, "operator");
    const before = await countOpenCases(db);
    expect(
      await closePaymentCaseAction({
        caseId: open!.id,
        outcome: "not_found",
        note: "Nothing in the statement",
      }),
    ).toMatchObject({ ok: true });
    expect(await countOpenCases(db)).toBe(before - 1);
    expect(await pollCase(token)).toMatchObject({ state: "not_found" });
    const [closed] = await listCasesOfOrder(db, order.id);
    expect(closed).toMatchObject({
      state: "not_found",
      closedBy: operator.id,
      staffNote: "Nothing in the statement",
    });
    const [audit] = await listAudit(db, { target: order.id, action: "case.close" });
    expect(audit).toMatchObject({
      userId: operator.id,
      details: { caseId: open!.id, state: "not_found", note: "Nothing in the statement" },
    });
    // Closed already: a second close changes nothing.
    expect(await closePaymentCaseAction({ caseId: open!.id, outcome: "found" })).toMatchObject({ ok: false });
    expect(await closePaymentCaseAction({ caseId: "nope", outcome: "found" })).toMatchObject({
      ok: false,
      fieldErrors: { caseId: expect.any(String) },
    });

    // After "not found", another reference opens a new case.
    expect((await post(token, { reference: SBP.replace("A", "B") })).status).toBe(201);
    expect(await pollCase(token)).toMatchObject({ state: "open" });
  });

  test("an admin closes as found; then no new case; the event stream's channel hears each change", async () => {
    const { token, order } = await payinWithPage("PIX");
    const heard: string[] = [];
    const stop = await db.listen("order_status", (p) => heard.push(JSON.parse(p).id));
    await post(token, { reference: PIX });
    const [open] = await listCasesOfOrder(db, order.id);
    await signedInAs(db, "admin");
    expect(await closePaymentCaseAction({ caseId: open!.id, outcome: "found" })).toMatchObject({ ok: true });
    expect(await pollCase(token)).toMatchObject({ state: "found" });
    expect((await post(token, { reference: PIX })).status).toBe(409);
    await expect.poll(() => heard.filter((id) => id === order.id).length).toBeGreaterThanOrEqual(2);
    await stop();
  });

  test("the order turning Success closes its open case as found, by no one", async () => {
    const { token, order } = await payinWithPage("PIX");
    await post(token, { reference: PIX });
    await db.query("UPDATE orders SET status = 'Success' WHERE id = $1", [order.id]);
    const [closed] = await listCasesOfOrder(db, order.id);
    expect(closed).toMatchObject({ state: "found", closedBy: null, closedByEmail: null });
    expect(closed!.closedAt).toBeInstanceOf(Date);
  });

  test("at most MAX_CASES_PER_ORDER reports per order", async () => {
    const { token, order } = await payinWithPage("PIX");
    await signedInAs(db, "operator");
    for (let i = 0; i < MAX_CASES_PER_ORDER; i++) {
      expect((await post(token, { reference: PIX })).status).toBe(201);
      const [open] = await listCasesOfOrder(db, order.id);
      await closePaymentCaseAction({ caseId: open!.id, outcome: "not_found" });
    }
    const res = await post(token, { reference: PIX });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: "tooMany" });
  });
});
