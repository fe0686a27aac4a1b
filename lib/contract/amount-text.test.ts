import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { payoutFormSchema } from "@/lib/orders/payout-form-schema";
import { actionValues } from "@/lib/orders/form-normalise";
import { fuzzRuns, fuzzSeed } from "@/lib/testing/fuzz";
import { parseAmountText } from "./amount-text";
import { MAX_AMOUNT, toMinorUnits } from "./money";

const minorOf = (text: string) => {
  const r = parseAmountText(text);
  return r.ok ? r.minor : r.message;
};

describe("parseAmountText: amounts as people write them", () => {
  it.each([
    ["1500.50", 150050],
    ["1500,50", 150050],
    ["1500,5", 150050],
    ["1 500,50", 150050],
    ["1 500", 150000],
    ["1\u00a0500,50", 150050], // NBSP: Excel and Word
    ["1\u202f500,50", 150050], // narrow NBSP: Intl's ru-RU output, copied from a page
    ["75 000,50", 7500050],
    ["499,99", 49999],
    ["1.500,50", 150050], // pt-BR
    ["1.500.000,01", 150000001],
    ["1,500.50", 150050], // en
    ["1,500,000", 150000000],
    ["1.500.000", 150000000],
    ["  12.56 ", 1256],
    ["0,01", 1],
    ["0.5", 50],
    ["1500", 150000],
    ["007", 700],
    [String(MAX_AMOUNT), MAX_AMOUNT * 100],
  ])("%j is %i minor units", (text, minor) => expect(minorOf(text)).toBe(minor));

  it.each([
    [
      "1,500",
      /^Ambiguous: "1,500" could be 1\.5 or 1500\. Write 1500 without the separator, or give two decimals \(1,50\)$/,
    ],
    ["1.500", /^Ambiguous: "1\.500" could be 1\.5 or 1500\./],
    ["10.123", /^Ambiguous: "10\.123" could be 10\.123 or 10123\./],
    ["999,000", /^Ambiguous: "999,000" could be 999 or 999000\./],
    ["10.1234", /at most two decimals/],
    ["0,500", /at most two decimals/],
    ["1500.000", /at most two decimals/],
    ["1 500,000", /at most two decimals/],
    ["1.500,000", /at most two decimals/],
    ["99.99999999999999999", /at most two decimals/],
    ["1 50", /in threes/],
    ["1.50.000", /in threes/],
    ["1,500,00", /in threes/],
    ["1 500.000,50", /in threes/],
    ["0", /greater than 0/],
    ["0,00", /greater than 0/],
    ["-5", /greater than 0/],
    ["-0", /greater than 0/],
    ["", /^Must be a number/],
    ["abc", /^Must be a number/],
    ["1e3", /^Must be a number written without an exponent/],
    ["NaN", /^Must be a number/],
    ["+5", /^Must be a number/],
    ["1500,", /^Must be a number/],
    [",5", /^Must be a number/],
    ["₽ 1500", /^Must be a number/],
    [String(MAX_AMOUNT + 1), /^Must be at most/],
    ["1".repeat(40), /^Must be at most/],
  ])("%j is refused: %s", (text, message) => expect(minorOf(text)).toMatch(message));
});

/** Minor units written the ways people write them: each form must read back to the same minor units. */
function writings(minor: number): string[] {
  const whole = String(Math.floor(minor / 100));
  const cents = String(minor % 100).padStart(2, "0");
  const group = (sep: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  const withCents = (w: string, mark: string) => `${w}${mark}${cents}`;
  const out = [
    withCents(whole, "."),
    withCents(whole, ","),
    withCents(group(" "), ","),
    withCents(group("\u00a0"), ","),
    withCents(group("\u202f"), ","),
    withCents(group("."), ","),
    withCents(group(","), "."),
    new Intl.NumberFormat("ru-RU", { minimumFractionDigits: 2 }).format(
      `${whole}.${cents}` as Intl.StringNumericLiteral,
    ),
    new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 2 }).format(
      `${whole}.${cents}` as Intl.StringNumericLiteral,
    ),
    new Intl.NumberFormat("en-US", { minimumFractionDigits: 2 }).format(
      `${whole}.${cents}` as Intl.StringNumericLiteral,
    ),
  ];
  if (cents.endsWith("0")) out.push(`${group(" ")},${cents[0]}`, `${whole}.${cents[0]}`);
  if (cents === "00") out.push(whole, group(" "), group("\u00a0"));
  return out;
}

describe("any accepted writing reaches the service as the same minor units", () => {
  it("parseAmountText and the pay-out form's request agree on every writing (property)", () => {
    const seed = fuzzSeed();
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: 1, max: 1_000_000 }),
          fc.integer({ min: 1, max: MAX_AMOUNT * 100 }),
          fc.integer({ min: 1, max: 1000 }).map((k) => k * 100_000),
        ),
        (minor) => {
          for (const text of writings(minor)) {
            expect(minorOf(text), text).toBe(minor);
            const form = payoutFormSchema.safeParse(payoutValues(text));
            expect(form.success, text).toBe(true);
            if (!form.success) return;
            // What the browser sends the action (the amount back as text) parses to the same minor units.
            expect(toMinorUnits(form.data.amount), text).toBe(minor);
            const again = payoutFormSchema.safeParse(actionValues(form.data));
            expect(again.success && toMinorUnits(again.data.amount), text).toBe(minor);
          }
        },
      ),
      { seed, numRuns: fuzzRuns(300) },
    );
  });

  it("an ambiguous or broken amount names the amount field with the reader's own message", () => {
    for (const text of ["1,500", "1 50", "12.345,678"]) {
      const r = payoutFormSchema.safeParse(payoutValues(text));
      expect(r.success).toBe(false);
      if (r.success) return;
      const amountIssues = r.error.issues.filter((i) => i.path.join(".") === "amount");
      expect(amountIssues.map((i) => i.message)).toEqual([minorOf(text)]);
    }
  });
});

function payoutValues(amount: string) {
  return {
    paymentId: "3f2c8e1a-6d0b-4c1e-9a2f-7b5d4c3e2a10",
    paymentMethod: "BankAccount" as const,
    amount,
    country: "RU",
    trafficType: "ALL",
    client: { id: "7b5d4c3e-2a10-4c1e-9a2f-3f2c8e1a6d0b", ip: "203.0.113.10", email: "client@example.com" },
    payoutDetails: { bankAccountNo: "40817810099910004312" },
  };
}
