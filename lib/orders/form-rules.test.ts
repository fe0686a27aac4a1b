/** The contract's rules across fields as the order forms apply them (the same schemas the server action uses). */
import { describe, expect, it } from "vitest";
import { fieldErrorMapFromZod } from "./field-errors";
import { defaultPayinFormValues, type PayinFormValues, payinFormSchema } from "./payin-form-schema";
import { defaultPayoutFormValues, type PayoutFormValues, payoutFormSchema } from "./payout-form-schema";

const PAYMENT_ID = "3f2c8e1a-6d0b-4c1e-9a2f-7b5d4c3e2a10";
const CLIENT = { id: "9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d", ip: "203.0.113.10", email: "a@example.com" };

function payin(overrides: Partial<PayinFormValues>): PayinFormValues {
  const v = defaultPayinFormValues(overrides.paymentMethod ?? "SBP", PAYMENT_ID);
  return { ...v, client: { ...v.client, ...CLIENT }, amount: "1500", ...overrides };
}

function payinErrors(values: PayinFormValues): Record<string, string> {
  const r = payinFormSchema.safeParse(values);
  return r.success ? {} : fieldErrorMapFromZod(r.error);
}

function pixPayout(
  method: "PIX_OUT_PHONE" | "PIX_OUT_EMAIL" | "PIX_OUT_CPF",
  client: Record<string, string>,
) {
  const v = defaultPayoutFormValues(method, PAYMENT_ID);
  return {
    ...v,
    client: { ...v.client, ...CLIENT, tin: "529.982.247-25", ...client },
    amount: "100",
  } satisfies PayoutFormValues;
}

function payoutErrors(values: PayoutFormValues): Record<string, string> {
  const r = payoutFormSchema.safeParse(values);
  return r.success ? {} : fieldErrorMapFromZod(r.error);
}

describe("pay-in form: the countries a method serves", () => {
  it("refuses SBP with country BR at the country field, naming what SBP serves", () => {
    expect(payinErrors(payin({ paymentMethod: "SBP", country: "br" }))).toEqual({
      country: expect.stringMatching(/^Must be RU: SBP serves country RU only/),
    });
  });

  it("accepts Card with any country", () => {
    expect(payinErrors(payin({ paymentMethod: "Card", country: "BR" }))).toEqual({});
  });
});

describe("pay-in form: Card methods carry the chosen bank", () => {
  it.each(["Card", "CrossBorderCard"] as const)("%s sends bankId", (paymentMethod) => {
    const r = payinFormSchema.safeParse(payin({ paymentMethod, country: "KZ", bankId: "3001" }));
    expect(r.success && r.data.bankId).toBe(3001);
  });
});

describe("pay-out form: Pix keys", () => {
  it("refuses a Russian phone as the PIX_OUT_PHONE key at client.phone", () => {
    expect(payoutErrors(pixPayout("PIX_OUT_PHONE", { phone: "+7 916 123-45-67" }))).toEqual({
      "client.phone": expect.stringMatching(/^Must be a Brazilian phone number/),
    });
  });

  it("accepts a Brazilian phone typed with spaces and dashes", () => {
    expect(payoutErrors(pixPayout("PIX_OUT_PHONE", { phone: "+55 11 98765-4321" }))).toEqual({});
  });

  it("refuses an invalid e-mail as the PIX_OUT_EMAIL key at client.email", () => {
    expect(Object.keys(payoutErrors(pixPayout("PIX_OUT_EMAIL", { email: "maria@" })))).toEqual([
      "client.email",
    ]);
  });

  it("refuses a CPF with wrong check digits as the PIX_OUT_CPF key at client.tin", () => {
    expect(Object.keys(payoutErrors(pixPayout("PIX_OUT_CPF", { tin: "529.982.247-24" })))).toEqual([
      "client.tin",
    ]);
  });

  it("refuses a Pix pay-out outside Brazil at the country field", () => {
    const v = { ...pixPayout("PIX_OUT_PHONE", { phone: "+5511987654321" }), country: "RU" };
    expect(payoutErrors(v)).toEqual({ country: expect.stringMatching(/^Must be BR: PIX_OUT_PHONE serves/) });
  });
});
