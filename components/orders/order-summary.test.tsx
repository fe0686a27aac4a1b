import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import type { OrderRow } from "@/lib/database/dashboard/queries/orders";
import { OrderSummary } from "./order-summary";

const ORDER: OrderRow = {
  id: "0f8b8f52-3c2e-4a55-9d0e-8f4f7f0b8b01",
  direction: "payin",
  paymentId: "7c0f3e2a-91b4-4d6e-8f10-2b3c4d5e6f70",
  providerOrderId: "5d1f2e3a-0000-4000-8000-000000000001",
  paymentMethod: "QRNSPKCrossBorder",
  amount: "999.99",
  finalAmount: "999.99",
  currency: "RUB",
  shownCurrency: null,
  country: "KZ",
  status: "In progress",
  request: {},
  response: null,
  bankDetails: null,
  expiresAt: new Date("2026-11-22T10:15:00Z"),
  payToken: null,
  lastError: null,
  submitAttempts: 1,
  clientEmail: "client@example.com",
  createdBy: null,
  createdAt: new Date("2026-11-22T10:00:00Z"),
  updatedAt: new Date("2026-11-22T10:00:00Z"),
  statusUpdatedAt: null,
  submitLeaseUntil: null,
  resendOf: null,
};

const render = (order: OrderRow) =>
  renderToStaticMarkup(<OrderSummary order={order} resendOf={null} resentAs={[]} />).replace(/<[^>]+>/g, " ");

describe("the order summary's amount and currency", () => {
  test("the stored currency, beside the amount and on its own", () => {
    const text = render(ORDER);
    expect(text).toMatch(/999\.99\s+RUB/);
    expect(text).toMatch(/Currency\s+RUB/);
    expect(text).not.toContain("KZT");
    expect(text).not.toContain("before a fix");
  });

  test("an order corrected by migration 0016 says what the customer was shown", () => {
    expect(render({ ...ORDER, shownCurrency: "KZT" })).toContain(
      "Shown to the customer as KZT before a fix; the payment details charged RUB.",
    );
    expect(render({ ...ORDER, country: "AQ", shownCurrency: "" })).toContain(
      "Shown to the customer without a currency before a fix; the payment details charged RUB.",
    );
  });
});
