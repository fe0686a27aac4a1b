/** For unit tests of what shows an orders-list row (table, CSV): a cross-border NSPK QR pay-in for KZ, in RUB. */
import type { OrderListRow } from "@/lib/database/dashboard/queries/order-list";

const AT = new Date("2026-11-22T10:00:00Z");

export function orderListRow(overrides: Partial<OrderListRow> = {}): OrderListRow {
  return {
    id: "0f8b8f52-3c2e-4a55-9d0e-8f4f7f0b8b01",
    direction: "payin",
    paymentId: "7c0f3e2a-91b4-4d6e-8f10-2b3c4d5e6f70",
    providerOrderId: null,
    paymentMethod: "QRNSPKCrossBorder",
    amount: "999.99",
    finalAmount: null,
    currency: "RUB",
    country: "KZ",
    status: "In progress",
    clientEmail: "c@example.com",
    createdAt: AT,
    updatedAt: AT,
    cursor: "x",
    ...overrides,
  };
}
