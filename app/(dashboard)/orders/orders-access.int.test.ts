/**
 * The orders' server action and route handlers as Next calls them: each checks the session and the role
 * itself. Real dashboard database (TEST_DB backend), real sandbox over HTTP, and the real /api/postback route
 * handler served on a local port so the sandbox's callback closes the loop. Only the request's cookie jar
 * (next/headers) is stood in for, since there is no HTTP request around a direct call.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as orderStatuses } from "@/app/api/orders/status/route";
import { POST as receivePostback } from "@/app/api/postback/route";
import { setSandboxStatusAction } from "@/lib/actions/set-sandbox-status-action";
import { startTestRuntime, type TestRuntime } from "@/lib/testing/dashboard-runtime";
import { signInTestRole } from "@/lib/testing/sign-in";
import { GET as exportOrders } from "./export/route";
import type { Database } from "@/lib/database";
import type { ActionResult } from "@/lib/actions/action-result";
import {
  type SandboxFixture,
  startSandboxFixture,
  TEST_ACCOUNT,
  paymentApiEnv,
} from "@/lib/testing/sandbox-fixture";
import { insertSandboxOrder, insertTestOrder } from "@/lib/testing/test-orders";
import { sign } from "@/lib/signing";
import { testRequest } from "@/lib/testing/next-headers";

vi.mock("next/headers", () => import("@/lib/testing/next-headers"));

type Handler = (request: Request) => Promise<Response>;

let fx: SandboxFixture;
let rt: TestRuntime | undefined;
let db: Database;
let receiver: Server;
let postbackUrl: string;
const setStatus: (prev: ActionResult | null, form: FormData) => Promise<ActionResult> =
  setSandboxStatusAction;
const statusGet: Handler = orderStatuses;
const exportGet: Handler = exportOrders;
const postbackPost: Handler = receivePostback;
const signInAs = async (role: "admin" | "operator" | "viewer" | null) => {
  await signInTestRole(db, testRequest.cookies, role);
};

beforeAll(async () => {
  fx = await startSandboxFixture({ dispatcherPollMs: 20 });
  rt = await startTestRuntime("orders_access", {
    ...paymentApiEnv(fx.url),
    PAYMENT_API_IS_SANDBOX: "true",
  });
  db = rt.db;

  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const response = await postbackPost(
        new Request("http://dashboard.test/api/postback", {
          method: "POST",
          headers,
          body: Buffer.concat(chunks),
        }),
      );
      res.writeHead(response.status, {
        "content-type": response.headers.get("content-type") ?? "text/plain",
      });
      res.end(await response.text());
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  postbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/postback`;
});

afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
  await rt?.close();
  await fx?.close();
});

function form(values: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
}

/** A pay-in created at the sandbox, with its order row in the dashboard's database. */
function sandboxPayin() {
  return insertSandboxOrder(db, fx.client(), { direction: "payin", method: "SBP", postbackUrl });
}

async function statusOf(id: string): Promise<string | undefined> {
  return (await db.query<{ status: string }>("SELECT status FROM orders WHERE id = $1", [id]))[0]?.status;
}

describe("setSandboxStatusAction", () => {
  it.each([
    [null, /signed out/i],
    ["viewer", /role \(Viewer\) doesn't allow this/],
  ] as const)("refuses %s before touching anything", async (role, message) => {
    const order = await sandboxPayin();
    await signInAs(role);
    const result = await setStatus(null, form({ orderId: order.id, status: "Success" }));
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(message);
    expect((await fx.client().getSandboxOrder(order.providerOrderId ?? "")).status).toBe("In progress");
  });

  it("moves the order at the sandbox; the status then arrives by the real callback through /api/postback", async () => {
    const order = await sandboxPayin();
    await signInAs("operator");
    const result = await setStatus(null, form({ orderId: order.id, status: "Success" }));
    expect(result).toEqual({ ok: true, message: expect.stringMatching(/when its callback arrives/) });
    expect((await fx.client().getSandboxOrder(order.providerOrderId ?? "")).status).toBe("Success");

    await vi.waitFor(
      async () => {
        if ((await statusOf(order.id)) !== "Success") throw new Error("the callback never applied");
      },
      { timeout: 20_000, interval: 25 },
    );
    const deliveries = await db.query<{ outcome: string; verified: boolean }>(
      "SELECT outcome, verified FROM callback_deliveries WHERE order_id = $1",
      [order.id],
    );
    expect(deliveries).toEqual([{ outcome: "applied", verified: true }]);
    const audit = await db.query<{ action: string }>("SELECT action FROM audit_log WHERE target = $1", [
      order.id,
    ]);
    expect(audit.map((a) => a.action)).toContain("order.sandbox-status");
  });

  it("names the bad field and changes nothing", async () => {
    await signInAs("admin");
    expect((await setStatus(null, form({ orderId: "nope", status: "Success" }))).message).toMatch(
      /^orderId: /,
    );
    const order = await sandboxPayin();
    expect((await setStatus(null, form({ orderId: order.id, status: "Paid" }))).message).toMatch(/^status: /);
    expect((await setStatus(null, form({ orderId: crypto.randomUUID(), status: "Success" }))).message).toBe(
      "orderId: no such order.",
    );
    expect((await fx.client().getSandboxOrder(order.providerOrderId ?? "")).status).toBe("In progress");
  });

  it("offers Expire for pay-ins only, and nothing once an order is no longer in progress", async () => {
    await signInAs("operator");
    const payout = await insertSandboxOrder(db, fx.client(), {
      direction: "payout",
      method: "BankAccount",
      postbackUrl,
    });
    const expire = await setStatus(null, form({ orderId: payout.id, status: "Expired" }));
    expect(expire).toEqual({ ok: false, message: "status: only pay-ins can expire." });

    const done = await insertTestOrder(db, { status: "Success" });
    const again = await setStatus(null, form({ orderId: done.id, status: "Failed" }));
    expect(again.ok).toBe(false);
    expect(again.message).toMatch(/this one is "Success"/);
    expect(await statusOf(done.id)).toBe("Success");
  });
});

describe("GET /api/orders/status", () => {
  const get = (query: string) => statusGet(new Request(`http://dashboard.test/api/orders/status?${query}`));

  it("answers 401 signed out and the statuses to any signed-in role", async () => {
    const order = await insertTestOrder(db, { status: "Failed" });
    await signInAs(null);
    expect((await get(`ids=${order.id}`)).status).toBe(401);
    await signInAs("viewer");
    const res = await get(`ids=${order.id}`);
    expect(res.status).toBe(200);
    expect((await res.json()).orders).toEqual([
      { id: order.id, status: "Failed", updatedAt: expect.any(String) },
    ]);
  });

  it("refuses malformed ids with 400 naming the field", async () => {
    await signInAs("viewer");
    const res = await get("ids=abc");
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual([{ path: "ids", message: 'ids: "abc" is not an order id' }]);
    expect((await get("")).status).toBe(400);
  });
});

describe("GET /orders/export", () => {
  const get = (query: string) => exportGet(new Request(`http://dashboard.test/orders/export?${query}`));

  it("answers 401 signed out, as problem details", async () => {
    await signInAs(null);
    const res = await get("");
    expect(res.status).toBe(401);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(await res.json()).toMatchObject({ type: "about:blank", title: "Unauthorized", status: 401 });
  });

  it("streams the current filter as escaped CSV to a viewer", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const a = await insertTestOrder(db, {
      clientEmail: `"quoted",${tag}@example.com`,
      status: "=cmd",
      createdAt: new Date(Date.now() - 1_000),
    });
    const b = await insertTestOrder(db, { clientEmail: `plain.${tag}@example.com`, direction: "payout" });
    await signInAs("viewer");
    const res = await get(`q=${tag}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="orders-\d{8}-\d{6}\.csv"$/,
    );
    const lines = (await res.text())
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]?.startsWith("created_at,order_id,payment_id,")).toBe(true);
    expect(lines[1]).toContain(b.id); // newest first
    expect(lines[2]).toContain(`,'=cmd,"""quoted"",${tag}@example.com",`);
    expect(lines[2]).toContain(a.id);

    const narrowed = (await (await get(`q=${tag}&direction=payout`)).text()).trimEnd().split("\r\n");
    expect(narrowed).toHaveLength(2);
  });

  it("refuses bad filters with 400 naming them", async () => {
    await signInAs("viewer");
    const res = await get("country=XX&from=yesterday");
    expect(res.status).toBe(400);
    expect((await res.json()).errors.map((e: { path: string }) => e.path)).toEqual(["country", "from"]);
  });
});

describe("POST /api/postback (the route handler)", () => {
  it("needs no session, only a valid signature over the raw body", async () => {
    await signInAs(null);
    const order = await insertTestOrder(db);
    const body = JSON.stringify({
      id: order.providerOrderId,
      paymentId: order.paymentId,
      type: "payin",
      status: "Expired",
      amount: 1500,
      paymentMethod: "Card",
      country: "RU",
      updatedAt: new Date().toISOString(),
    });
    const post = (signature: string) =>
      postbackPost(
        new Request("http://dashboard.test/api/postback", {
          method: "POST",
          headers: { "content-type": "application/json", "x-signature": signature },
          body,
        }),
      );
    expect((await post(sign("wrong-secret", body))).status).toBe(401);
    expect(await statusOf(order.id)).toBe("In progress");
    const ok = await post(sign(TEST_ACCOUNT.secret, body));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ received: true });
    expect(await statusOf(order.id)).toBe("Expired");
  });
});
