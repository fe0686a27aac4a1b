import { describe, expect, it } from "vitest";
import { PAYOUT_METHOD_INFO, type PayoutMethod } from "@/lib/contract";
import { SAMPLE_VALUES } from "@/lib/contract/samples";
import { fieldErrorMapFromZod } from "./field-errors";
import { actionValues } from "./form-normalise";
import { defaultPayoutFormValues, type PayoutFormValues, payoutFormSchema } from "./payout-form-schema";

const PAYMENT_ID = "3f2c8e1a-6d0b-4c1e-9a2f-7b5d4c3e2a10";
const CLIENT = { id: "9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d", ip: "203.0.113.10", email: "a@example.com" };
const NEXT_YEAR = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, "0");

/** The common fields filled; the method's own fields empty. */
function base(method: PayoutMethod) {
  const v = defaultPayoutFormValues(method, PAYMENT_ID);
  return { ...v, client: { ...v.client, ...CLIENT }, amount: "250.75" };
}

function errorsOf(values: PayoutFormValues): Record<string, string> {
  const r = payoutFormSchema.safeParse(values);
  return r.success ? {} : fieldErrorMapFromZod(r.error);
}

const REQUIRED_BY_METHOD: [PayoutMethod, string[]][] = [
  [
    "Card",
    [
      "payoutDetails.ccExpirationMonth",
      "payoutDetails.ccExpirationYear",
      "payoutDetails.ccHolderName",
      "payoutDetails.ccNo",
    ],
  ],
  ["SBP", ["payoutDetails.phoneNumber"]],
  ["BankAccount", ["payoutDetails.bankAccountNo"]],
  ["PIX_OUT_CPF", ["client.tin"]],
  ["PIX_OUT_EMAIL", ["client.tin"]],
  ["PIX_OUT_PHONE", ["client.phone", "client.tin"]],
  ["PIX_OUT_EVP", ["client.tin", "payoutDetails.evp"]],
];

const VALID_BY_METHOD: Record<PayoutMethod, (v: ReturnType<typeof base>) => void> = {
  Card: (v) => {
    Object.assign(v.payoutDetails, {
      ccNo: "4111 1111 1111 1111",
      ccHolderName: "IVAN IVANOV",
      ccExpirationMonth: "3",
      ccExpirationYear: `20${NEXT_YEAR}`,
    });
  },
  SBP: (v) => {
    Object.assign(v.payoutDetails, { phoneNumber: "+7 900 123 45 67", payeeName: "Ivan I." });
    v.bankId = "100000000111";
  },
  BankAccount: (v) => {
    v.payoutDetails.bankAccountNo = "4081 7810 0999 1000 4312";
  },
  PIX_OUT_CPF: (v) => {
    v.client.tin = "529.982.247-25";
  },
  PIX_OUT_EMAIL: (v) => {
    v.client.tin = SAMPLE_VALUES.cnpj;
  },
  PIX_OUT_PHONE: (v) => {
    Object.assign(v.client, { tin: SAMPLE_VALUES.cpf, phone: "+55 11 98765-4321" });
  },
  PIX_OUT_EVP: (v) => {
    v.client.tin = SAMPLE_VALUES.cpf;
    v.payoutDetails.evp = "1B4E28BA-2FA1-41D2-883F-0016D3CCA427";
  },
};

describe.each(REQUIRED_BY_METHOD)("pay-out form, %s", (method, required) => {
  it("the method's required fields are named at their form fields when left empty", () => {
    expect(Object.keys(errorsOf(base(method))).sort()).toEqual(required);
  });

  it("the common required fields are named on an empty form", () => {
    const errors = errorsOf(defaultPayoutFormValues(method, PAYMENT_ID));
    for (const field of ["client.id", "client.ip", "client.email", "amount", ...required]) {
      expect(errors[field], field).toBeDefined();
    }
  });

  it("a filled form becomes the contract request with only the method's fields", () => {
    const v = base(method);
    VALID_BY_METHOD[method](v);
    const r = payoutFormSchema.safeParse(v);
    expect(r.success, JSON.stringify(r.error?.issues)).toBe(true);
    if (!r.success) return;
    expect(r.data).not.toHaveProperty("postbackUrl");
    expect(r.data.country).toBe(PAYOUT_METHOD_INFO[method].defaultCountry);
    const detailKeys = Object.keys(r.data.payoutDetails ?? {}).sort();
    const expected = [
      ...PAYOUT_METHOD_INFO[method].requiredDetails,
      ...PAYOUT_METHOD_INFO[method].optionalDetails,
    ];
    expect(detailKeys).toEqual(expected.sort());
  });
});

describe("pay-out form: values hidden by a method switch are not submitted", () => {
  it("card fields typed before switching to SBP are left out, and bankId only goes with SBP", () => {
    const v = base("Card");
    VALID_BY_METHOD.Card(v);
    VALID_BY_METHOD.SBP(v);
    v.client.tin = SAMPLE_VALUES.cpf;
    const asSbp = payoutFormSchema.safeParse({ ...v, paymentMethod: "SBP" });
    expect(asSbp.success).toBe(true);
    if (!asSbp.success) return;
    expect(asSbp.data.payoutDetails).toEqual({ phoneNumber: "+79001234567", payeeName: "Ivan I." });
    expect(asSbp.data.bankId).toBe(100000000111);
    expect(asSbp.data.client).not.toHaveProperty("tin");
    const asCard = payoutFormSchema.safeParse({ ...v, paymentMethod: "Card" });
    expect(asCard.success).toBe(true);
    if (!asCard.success) return;
    expect(asCard.data.bankId).toBeUndefined();
    expect(asCard.data.payoutDetails?.ccNo).toBe("4111111111111111");
    expect(asCard.data.payoutDetails).not.toHaveProperty("phoneNumber");
  });
});

describe("pay-out form field checks", () => {
  it.each(["1500.0000000000001", "99.99999999999999999"])(
    "refuses amount %s (more than two decimals)",
    (amount) => {
      const v = base("Card");
      VALID_BY_METHOD.Card(v);
      expect(errorsOf({ ...v, amount })).toEqual({ amount: expect.stringMatching(/at most two decimals/) });
    },
  );

  it.each([Number("99.99999999999999999"), 250.75])(
    "refuses amount %s sent as a number, asking for text",
    (amount) => {
      const v = base("Card");
      VALID_BY_METHOD.Card(v);
      const values = { ...v, amount } as unknown as PayoutFormValues;
      expect(errorsOf(values)).toEqual({ amount: expect.stringMatching(/^Must be the amount as text/) });
    },
  );

  it("refuses a NUL in a payout detail, naming it", () => {
    const v = base("Card");
    VALID_BY_METHOD.Card(v);
    v.payoutDetails.ccHolderName = "IVAN\u0000IVANOV";
    expect(errorsOf(v)["payoutDetails.ccHolderName"]).toMatch(/NUL/);
  });

  it("refuses a card number that fails the Luhn check, at payoutDetails.ccNo", () => {
    const v = base("Card");
    VALID_BY_METHOD.Card(v);
    v.payoutDetails.ccNo = "4111 1111 1111 1112";
    expect(errorsOf(v)).toEqual({ "payoutDetails.ccNo": expect.stringMatching(/checksum/) });
  });

  it("refuses an expiry in the past, and a month out of range", () => {
    const v = base("Card");
    VALID_BY_METHOD.Card(v);
    v.payoutDetails.ccExpirationYear = "20";
    expect(errorsOf(v)).toEqual({ "payoutDetails.ccExpirationYear": expect.stringMatching(/past/) });
    v.payoutDetails.ccExpirationMonth = "13";
    v.payoutDetails.ccExpirationYear = NEXT_YEAR;
    expect(Object.keys(errorsOf(v))).toEqual(["payoutDetails.ccExpirationMonth"]);
  });

  it("refuses a CPF with wrong check digits and an EVP that is not a UUID", () => {
    const v = base("PIX_OUT_EVP");
    v.client.tin = "529.982.247-26";
    v.payoutDetails.evp = "not-a-key";
    expect(Object.keys(errorsOf(v)).sort()).toEqual(["client.tin", "payoutDetails.evp"]);
  });

  it("SBP without a payee name is accepted (the form warns instead)", () => {
    const v = base("SBP");
    v.payoutDetails.phoneNumber = SAMPLE_VALUES.ruPhone;
    expect(errorsOf(v)).toEqual({});
  });

  it("refuses a non-Russian SBP phone", () => {
    const v = base("SBP");
    v.payoutDetails.phoneNumber = "+5511987654321";
    expect(Object.keys(errorsOf(v))).toEqual(["payoutDetails.phoneNumber"]);
  });
});

describe("the browser sends the schema's output, amount as text; the server parses it again with the same schema", () => {
  it.each(REQUIRED_BY_METHOD.map(([m]) => m))(
    "%s: parsing the output again gives the same request",
    (method) => {
      const v = base(method);
      VALID_BY_METHOD[method](v);
      const once = payoutFormSchema.parse(v);
      expect(payoutFormSchema.parse(actionValues(once))).toEqual(once);
    },
  );
});
