import { describe, expect, test } from "vitest";
import { PAYIN_METHODS, PAYOUT_METHODS, servedCountries } from "./methods";
import { orderCurrency } from "./order-currency";

const payin = (paymentMethod: string, country: string) =>
  orderCurrency({ direction: "payin", paymentMethod, country });
const payout = (paymentMethod: string, country: string) =>
  orderCurrency({ direction: "payout", paymentMethod, country });

describe("orderCurrency", () => {
  test.each([
    ["SBP", "RU", "RUB", false],
    ["QRNSPK", "RU", "RUB", false],
    ["CrossBorderSBP", "RU", "RUB", false],
    ["QRNSPKCrossBorder", "RU", "RUB", false],
    // The payee is a Russian SBP bank: roubles, converted by the payer's bank.
    ["CrossBorderSBP", "KZ", "RUB", true],
    ["QRNSPKCrossBorder", "KZ", "RUB", true],
    ["QRNSPKCrossBorder", "BR", "RUB", true],
    ["QRNSPKCrossBorder", "AQ", "RUB", true],
    ["PIX", "BR", "BRL", false],
    // A card is charged in its own country's currency; cross-border, the receiving side converts.
    ["Card", "RU", "RUB", false],
    ["Card", "KZ", "KZT", false],
    ["CrossBorderCard", "KZ", "KZT", false],
    ["CrossBorderCard", "DE", "EUR", false],
    ["CrossBorderCard", "AQ", undefined, false],
  ])("pay-in %s in %s → %s (payer's bank converts: %s)", (method, country, currency, converts) => {
    expect(payin(method, country)).toEqual({ currency, payerBankConverts: converts });
  });

  test.each([
    ["SBP", "RU", "RUB"],
    ["PIX_OUT_CPF", "BR", "BRL"],
    ["PIX_OUT_EVP", "BR", "BRL"],
    ["Card", "KZ", "KZT"],
    ["BankAccount", "BR", "BRL"],
    ["BankAccount", "AQ", undefined],
  ])("pay-out %s in %s → %s, never a payer's conversion", (method, country, currency) => {
    expect(payout(method, country)).toEqual({ currency, payerBankConverts: false });
  });

  test("every method has a currency in its own default country", () => {
    for (const m of PAYIN_METHODS) expect(payin(m, m === "PIX" ? "BR" : "RU").currency, m).toBeTruthy();
    for (const m of PAYOUT_METHODS)
      expect(payout(m, m.startsWith("PIX") ? "BR" : "RU").currency, m).toBeTruthy();
  });

  test("in every country a method serves, only roubles are ever converted by the payer's bank (the pay page's line names roubles)", () => {
    for (const m of PAYIN_METHODS)
      for (const c of servedCountries("payin", m) ?? ["RU", "BR", "KZ", "US", "AQ"]) {
        const r = payin(m, c);
        if (r.payerBankConverts) expect(r.currency, `${m} ${c}`).toBe("RUB");
      }
  });

  test("an unknown method follows the country", () => {
    expect(payin("Bitcoin", "KZ")).toEqual({ currency: "KZT", payerBankConverts: false });
  });
});
