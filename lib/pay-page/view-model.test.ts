import { describe, expect, test } from "vitest";
import type { BankDetails } from "@/lib/contract";
import type { PayPageOrderRow } from "@/lib/database/dashboard/queries/pay-page";
import { localBankName } from "./reference-banks";
import { buildPayPageView, phaseOf } from "./view-model";

const NOW = Date.parse("2026-11-22T10:00:00Z");
const base: PayPageOrderRow = {
  paymentId: "7C0F3E2A-91B4-4D6E-8F10-2B3C4D5E6F70",
  paymentMethod: "Card",
  amount: "1500.00",
  finalAmount: "1500.37",
  currency: "RUB",
  country: "RU",
  status: "In progress",
  bankDetails: {
    card: { cardNumber: "2202200145678126", cardHolderName: "IVAN PETROV" },
    bankName: "Sberbank",
  },
  expiresAt: new Date(NOW + 15 * 60_000),
};
const URL_ =
  "https://qr.nspk.ru/BS1A2B3C4D5E6F7G8H9J0K1L2M3N4P5Q6?type=02&bank=100000000111&sum=150037&cur=RUB&crc=AB12";

describe("buildPayPageView", () => {
  test("the order reference is the paymentId's first 8 characters, never the whole id", () => {
    const view = buildPayPageView(base, "en", NOW)!;
    expect(view.orderRef).toBe("7c0f3e2a");
    expect(JSON.stringify(view).toLowerCase()).not.toContain("91b4");
  });

  test.each([
    ["ru", "Сбербанк"],
    ["pt-BR", "Sberbank"],
    ["en", "Sberbank"],
  ] as const)(
    "the bank's name in the page's language (%s): %s, in the heading and the copied field",
    (locale, name) => {
      for (const row of [
        base,
        {
          ...base,
          paymentMethod: "QRNSPK",
          bankDetails: { qr: { url: URL_ }, bankName: "Sberbank", bankId: 1001 },
        },
        {
          ...base,
          paymentMethod: "SBP",
          bankDetails: { phoneNumber: "+79161234567", payeeName: "Ivan P.", bankName: "Sberbank" },
        },
      ]) {
        const view = buildPayPageView(row, locale, NOW, (ref) => localBankName(ref, locale))!;
        expect(view.bankName, row.paymentMethod).toBe(name);
        const field = view.details.fields.find((f) => f.id === "bank");
        if (field) expect([field.display, field.copyValue]).toEqual([name, name]);
      }
    },
  );

  test("card: grouped number, holder, bank; the exact final amount with random cents", () => {
    const view = buildPayPageView(base, "ru", NOW)!;
    expect(view.details.fields.map((f) => [f.id, f.display, f.copyValue])).toEqual([
      ["cardNumber", "2202 2001 4567 8126", "2202200145678126"],
      ["cardHolder", "IVAN PETROV", "IVAN PETROV"],
      ["bank", "Sberbank", "Sberbank"],
    ]);
    expect(view.amountCopy).toBe("1500.37");
    expect(view.amount.cents).toBe(",37");
    expect(view.randomCents).toBe(true);
    expect(view.phase).toBe("pay");
  });

  test("no random cents when the final amount equals the request", () => {
    expect(buildPayPageView({ ...base, finalAmount: "1500.00" }, "en", NOW)!.randomCents).toBe(false);
    expect(buildPayPageView({ ...base, finalAmount: null }, "en", NOW)!.amountCopy).toBe("1500.00");
  });

  test("NSPK QR: the url when present, else the code; deep links only from an NSPK link", () => {
    const row = {
      ...base,
      paymentMethod: "QRNSPK",
      bankDetails: { qr: { url: URL_, code: "CODE" }, bankName: "Sberbank", bankId: 1001 },
    };
    const withUrl = buildPayPageView(row, "ru", NOW)!.details;
    expect(withUrl.kind === "nspkQr" && [withUrl.qrValue, withUrl.nspkUrl]).toEqual([URL_, URL_]);
    const codeOnly = buildPayPageView(
      { ...row, bankDetails: { qr: { code: "CODE" }, bankName: "Sberbank", bankId: 1001 } },
      "ru",
      NOW,
    )!.details;
    expect(codeOnly.kind === "nspkQr" && [codeOnly.qrValue, codeOnly.nspkUrl]).toEqual(["CODE", undefined]);
    const linkAsCode = buildPayPageView(
      { ...row, bankDetails: { qr: { code: URL_ }, bankName: "Sberbank", bankId: 1001 } },
      "ru",
      NOW,
    )!.details;
    expect(linkAsCode.kind === "nspkQr" && [linkAsCode.qrValue, linkAsCode.nspkUrl]).toEqual([URL_, URL_]);
  });

  test("PIX: the QR and the copy-and-paste code are the BR Code itself", () => {
    const code = "00020101021226580014br.gov.bcb.pix0136abc5204000053039865406100.505802BR6304ABCD";
    const view = buildPayPageView(
      {
        ...base,
        paymentMethod: "PIX",
        currency: "BRL",
        country: "BR",
        bankDetails: { qr: { code }, bankName: "Itaú Unibanco", bankId: 2002 },
      },
      "pt-BR",
      NOW,
    )!;
    expect(view.details.kind === "pixQr" && view.details.qrValue).toBe(code);
    expect(view.details.fields).toEqual([
      { id: "pixCode", label: "pixCode", display: code, copyValue: code, mono: true },
    ]);
    expect(view.bankId).toBe(2002);
  });

  test.each([
    ["ru", "999,99\u00a0₽", "российский рубль"],
    ["pt-BR", "₽\u00a0999,99", "Rublo russo"],
    ["en", "₽999.99", "Russian Ruble"],
  ] as const)(
    "cross-border NSPK QR for KZ (%s): roubles, and the payer's bank converts",
    (locale, text, name) => {
      const row = {
        ...base,
        paymentMethod: "QRNSPKCrossBorder",
        country: "KZ",
        currency: "RUB",
        amount: "999.99",
        finalAmount: "999.99",
        bankDetails: { qr: { url: URL_ }, bankName: "Sberbank", bankId: 1001 },
      };
      const view = buildPayPageView(row, locale, NOW)!;
      expect([view.currency, view.currencyName, view.payerBankConverts]).toEqual(["RUB", name, true]);
      expect(view.amount.text.replace(/\s/g, " ")).toBe(text.replace(/\s/g, " "));
    },
  );

  test.each([
    ["QRNSPKCrossBorder", "RU", "RUB"],
    ["QRNSPK", "RU", "RUB"],
    ["CrossBorderCard", "KZ", "KZT"],
    ["Card", "KZ", "KZT"],
  ])("%s for %s: %s, no conversion line", (paymentMethod, country, currency) => {
    const qr = { qr: { url: URL_ }, bankName: "Sberbank", bankId: 1001 };
    const bankDetails = paymentMethod.startsWith("QR") ? qr : base.bankDetails;
    const view = buildPayPageView({ ...base, paymentMethod, country, currency, bankDetails }, "en", NOW)!;
    expect([view.currency, view.payerBankConverts]).toEqual([currency, false]);
  });

  test("a row stored without a currency takes the method's (roubles for SBP), never the country's", () => {
    const row = {
      ...base,
      paymentMethod: "CrossBorderSBP",
      country: "KZ",
      currency: null,
      bankDetails: { phoneNumber: "+79161234567", payeeName: "Ivan P.", bankName: "Sberbank" },
    };
    expect(buildPayPageView(row, "en", NOW)!.currency).toBe("RUB");
  });

  test("nothing to show: unknown method or details that break the contract", () => {
    expect(buildPayPageView({ ...base, paymentMethod: "Cash" }, "en", NOW)).toBeNull();
    // Stored details that break the contract (the column's type says what the contract promises).
    const broken = { phoneNumber: "+7" } as unknown as BankDetails;
    expect(buildPayPageView({ ...base, bankDetails: broken }, "en", NOW)).toBeNull();
  });

  test("the view carries no personal data of the merchant's client", () => {
    const view = buildPayPageView(base, "en", NOW)!;
    expect(JSON.stringify(view)).not.toMatch(/email|@|clientId|paymentId|\bip\b/i);
  });
});

describe("phaseOf", () => {
  test.each([
    ["Success", NOW + 1, "success"],
    ["Failed", NOW + 1, "failed"],
    ["Expired", NOW + 1, "expired"],
    ["In progress", NOW + 1, "pay"],
    ["In progress", NOW, "expired"],
    ["Something new", NOW + 1, "pay"],
    ["Success", NOW - 1, "success"],
  ] as const)("%s, deadline %d → %s", (status, deadline, phase) =>
    expect(phaseOf(status, deadline, NOW)).toBe(phase),
  );
});
