/** Rows of the sandbox's own tables, for tests and benches of its data layer. */
import { randomUUID } from "node:crypto";
import type { NewSandboxOrderRow } from "@/lib/database/sandbox/schema";

/** An "In progress" card pay-in as the sandbox stores one; `overrides` replace any column. */
export function sampleSandboxOrder(overrides: Partial<NewSandboxOrderRow> = {}): NewSandboxOrderRow {
  return {
    id: randomUUID(),
    clientId: "test-merchant",
    chaos: null,
    direction: "payin",
    paymentId: randomUUID(),
    requestHash: "h".repeat(64),
    paymentMethod: "Card",
    country: "RU",
    currency: "RUB",
    amount: "1500.00",
    finalAmount: "1500.37",
    status: "In progress",
    request: { paymentMethod: "Card", amount: 1500 },
    bankDetails: { card: { cardNumber: "2202200199999994", cardHolderName: "HOLDER" }, bankName: "Bank" },
    postbackUrl: null,
    expiresAt: new Date(),
    createdAt: new Date(),
    ...overrides,
  };
}
