/**
 * What the customer is charged is what they are shown: for every pay-in method × country the forms allow
 * (a method's own countries, else every country with a currency plus one without), a pay-in created through
 * the dashboard against the real sandbox, its pay page's view built from the stored row exactly as
 * app/pay/[token] does, and the amount and currency it shows compared with what the payment details encode
 * (NSPK link: sum in minor units and cur; Pix BR Code: tag 54 and tag 53) or, for card and phone transfers,
 * with the sandbox's own record of the amount to transfer.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  COUNTRY_CODES,
  currencyForCountry,
  formatMinorUnits,
  PAYIN_METHODS,
  type PayinMethod,
  servedCountries,
  toMinorUnits,
} from "@/lib/contract";
import { parseTlv } from "@/lib/contract/emv";
import { samplePayinRequest } from "@/lib/contract/samples";
import type { Database } from "@/lib/database";
import { openDashboardDatabase } from "@/lib/database/dashboard/client";
import { getOrderById } from "@/lib/database/dashboard/queries/orders";
import { getPayPageOrder } from "@/lib/database/dashboard/queries/pay-page";
import { LOCALES } from "@/lib/i18n";
import { submitPayin } from "@/lib/orders/submit";
import { paymentApiInFlightMs } from "@/lib/payment-api";
import { createScratchDatabase, type ScratchDatabase } from "@/lib/testing/database";
import { assertFuzz } from "@/lib/testing/fuzz";
import { type SandboxFixture, startSandboxFixture } from "@/lib/testing/sandbox-fixture";
import { formatAmountParts } from "./format";
import { buildPayPageView, type PayPageView } from "./view-model";

/** ISO 4217 numeric codes a Pix BR Code's tag 53 may carry. */
const ISO_NUMERIC: Record<string, string> = { "986": "BRL" };

const MAPPED = [...COUNTRY_CODES].filter((c) => currencyForCountry(c) !== undefined);
const UNMAPPED = [...COUNTRY_CODES].find((c) => currencyForCountry(c) === undefined)!;
const CASES: { method: PayinMethod; country: string }[] = PAYIN_METHODS.flatMap((method) =>
  (servedCountries("payin", method) ?? [...MAPPED, UNMAPPED]).map((country) => ({ method, country })),
);

/** Requested amounts in minor units, none ending in a trigger's cents (.13–.15, .55, .56: docs/qa.md). */
const amountMinor = fc
  .integer({ min: 1_000, max: 9_999_999 })
  .filter((n) => ![13, 14, 15, 55, 56].includes(n % 100));
const orderArb = fc.record({
  minor: amountMinor,
  addRandomCents: fc.boolean(),
  locale: fc.constantFrom(...LOCALES),
});

let fx: SandboxFixture;
let scratch: ScratchDatabase;
let db: Database;
let userId: string;

beforeAll(async () => {
  fx = await startSandboxFixture();
  scratch = await createScratchDatabase("pay_currency", "dashboard");
  db = await openDashboardDatabase(await scratch.open());
  userId = crypto.randomUUID();
  await db.query(
    "INSERT INTO users (id, email, name, password_hash, role) VALUES ($1, 'op@example.com', 'Op', 'x', 'operator')",
    [userId],
  );
});
afterAll(async () => {
  await fx?.close();
  await db?.close();
  await scratch?.drop();
});

/** What the payment details charge, as the customer's bank reads them; null where they carry no amount. */
function charged(view: PayPageView): { amount: string; currency: string } | null {
  const d = view.details;
  if (d.kind === "nspkQr") {
    const link = new URL(d.qrValue);
    return {
      amount: formatMinorUnits(Number(link.searchParams.get("sum"))),
      currency: link.searchParams.get("cur") ?? "",
    };
  }
  if (d.kind === "pixQr") {
    const tags = new Map(parseTlv(d.qrValue).map((f) => [f.id, f.value]));
    return { amount: tags.get("54") ?? "", currency: ISO_NUMERIC[tags.get("53") ?? ""] ?? "" };
  }
  return null;
}

describe("the pay page shows what the payment details charge", () => {
  it(`for every method × country the forms allow (${CASES.length} pairs)`, async () => {
    const api = fx.client();
    await assertFuzz(
      "pay page currency",
      fc.array(orderArb, { minLength: CASES.length, maxLength: CASES.length }),
      async (orders) => {
        for (const [i, { method, country }] of CASES.entries()) {
          const { minor, addRandomCents, locale } = orders[i]!;
          const req = samplePayinRequest(method, { country, amount: minor / 100, addRandomCents });
          const result = await submitPayin(
            // fx.client() waits 5 s an attempt.
            {
              sql: db,
              api,
              publicBaseUrl: "http://dashboard.test",
              userId,
              inFlightMs: paymentApiInFlightMs(5_000),
            },
            req,
          );
          if (!result.ok) throw new Error(`${method} ${country}: ${JSON.stringify(result)}`);
          const order = await getOrderById(db, result.orderId);
          const row = await getPayPageOrder(db, order?.payToken ?? "");
          const view = row && buildPayPageView(row, locale, Date.now());
          if (!view) throw new Error(`${method} ${country}: no pay page`);
          const sandbox = await api.getSandboxOrder(order?.providerOrderId ?? "");
          const shown = { amount: view.amountCopy, currency: view.currency ?? null };
          const label = { method, country, locale };
          // The sandbox's record of the amount to transfer and its currency.
          expect({ ...label, ...shown }).toEqual({
            ...label,
            // The sandbox's amount is a JSON number; the page copies two-decimal text.
            amount: formatMinorUnits(toMinorUnits(sandbox.amount)),
            currency: sandbox.currency ?? null,
          });
          const details = charged(view);
          if (details) expect({ ...label, ...shown }).toEqual({ ...label, ...details });
          // The amount's text is that amount in that currency, in the page's language.
          expect(view.amount.text).toBe(formatAmountParts(shown.amount, view.currency, locale).text);
          const converts = shown.currency !== (currencyForCountry(country) ?? null);
          expect({ ...label, converts: view.payerBankConverts }).toEqual({ ...label, converts });
        }
      },
      2,
    );
  });
});
