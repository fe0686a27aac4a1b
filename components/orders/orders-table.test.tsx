import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { OrdersTable } from "./orders-table";

describe("the orders table", () => {
  test("shows each order's stored currency beside its amount, not its country's", () => {
    const at = new Date("2026-11-22T10:00:00Z");
    const row = {
      id: "0f8b8f52-3c2e-4a55-9d0e-8f4f7f0b8b01",
      direction: "payin" as const,
      paymentId: "7c0f3e2a-91b4-4d6e-8f10-2b3c4d5e6f70",
      providerOrderId: null,
      paymentMethod: "QRNSPKCrossBorder",
      amount: "999.99",
      finalAmount: null,
      currency: "RUB",
      country: "KZ",
      status: "In progress",
      clientEmail: "c@example.com",
      createdAt: at,
      updatedAt: at,
      cursor: "x",
    };
    const html = renderToStaticMarkup(<OrdersTable rows={[row]} caption="Orders" />);
    const text = html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    expect(text).toContain("999.99 RUB");
    expect(text).not.toContain("KZT");
  });
});
