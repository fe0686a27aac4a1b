import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "@/lib/database";
import { createScratchDatabase, type ScratchDatabase } from "@/lib/testing/database";
import { openDashboardDatabase } from "@/lib/database/dashboard/client";
import { getPayPageOrder, getPayPageOrderId, getPayPageStatus } from "./pay-page";
import { UUID_PATTERN } from "@/lib/contract/uuid";

let scratch: ScratchDatabase;
let db: Database;

beforeAll(async () => {
  scratch = await createScratchDatabase("paypage", "dashboard");
  db = await openDashboardDatabase(await scratch.open());
});
afterAll(async () => {
  await db?.close();
  await scratch?.drop();
});

async function insertOrder(o: {
  direction?: string;
  token: string;
  details?: unknown;
  status?: string;
  paymentId?: string;
}) {
  await db.query(
    `INSERT INTO orders (id, direction, payment_id, payment_method, amount, final_amount, currency, country, status,
                         request, bank_details, expires_at, pay_token, client_email)
     VALUES ($1, $2, $3, 'Card', 1500, 1500.37, 'RUB', 'RU', $4, $5, $6, $7, $8, 'secret-client@example.com')`,
    [
      randomUUID(),
      o.direction ?? "payin",
      o.paymentId ?? randomUUID(),
      o.status ?? "In progress",
      JSON.stringify({ client: { email: "secret-client@example.com", ip: "203.0.113.9" } }),
      o.details === undefined ? null : JSON.stringify(o.details),
      new Date("2026-11-22T10:15:00Z"),
      o.token,
    ],
  );
}

const details = {
  card: { cardNumber: "2202200145678126", cardHolderName: "IVAN PETROV" },
  bankName: "Sberbank",
};

describe("pay-page queries", () => {
  test("a pay-in with details, by its token: only the customer's columns", async () => {
    const paymentId = "7c0f3e2a-91b4-4d6e-8f10-2b3c4d5e6f70";
    await insertOrder({ token: "tok-payin-1-aaaaaaaaaaaaaaaaaaaa", details, paymentId });
    const row = await getPayPageOrder(db, "tok-payin-1-aaaaaaaaaaaaaaaaaaaa");
    // The paymentId for the page's order reference (its first 8 characters are all the page shows).
    expect(row).toEqual({
      paymentId: paymentId,
      paymentMethod: "Card",
      amount: "1500.00",
      finalAmount: "1500.37",
      currency: "RUB",
      country: "RU",
      status: "In progress",
      bankDetails: details,
      expiresAt: new Date("2026-11-22T10:15:00Z"),
    });
    expect(JSON.stringify(row)).not.toContain("secret-client");
    expect(await getPayPageStatus(db, "tok-payin-1-aaaaaaaaaaaaaaaaaaaa")).toEqual({
      status: "In progress",
      expiresAt: new Date("2026-11-22T10:15:00Z"),
    });
    // Its event stream finds the order by the token; a token of no pay page finds none.
    expect(await getPayPageOrderId(db, "tok-payin-1-aaaaaaaaaaaaaaaaaaaa")).toMatch(UUID_PATTERN);
    expect(await getPayPageOrderId(db, "tok-nobody-aaaaaaaaaaaaaaaaaaaaaa")).toBeNull();
  });

  test("unknown token, a pay-out, or no details yet: nothing", async () => {
    await insertOrder({ token: "tok-payout-aaaaaaaaaaaaaaaaaaaaaa", direction: "payout", details });
    await insertOrder({ token: "tok-submitting-aaaaaaaaaaaaaaaaaa", status: "Submitting" });
    for (const token of [
      "tok-unknown-aaaaaaaaaaaaaaaaaaaaa",
      "tok-payout-aaaaaaaaaaaaaaaaaaaaaa",
      "tok-submitting-aaaaaaaaaaaaaaaaaa",
    ]) {
      expect(await getPayPageOrder(db, token)).toBeNull();
      expect(await getPayPageStatus(db, token)).toBeNull();
    }
  });
});
