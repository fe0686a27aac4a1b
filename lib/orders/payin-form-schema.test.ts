import { describe, expect, it } from "vitest";
import { PAYIN_METHOD_INFO, PAYIN_METHODS, type PayinMethod } from "@/lib/contract";
import { fieldErrorMapFromZod } from "./field-errors";
import { actionValues } from "./form-normalise";
import { defaultPayinFormValues, type PayinFormValues, payinFormSchema } from "./payin-form-schema";

const PAYMENT_ID = "3f2c8e1a-6d0b-4c1e-9a2f-7b5d4c3e2a10";
const CLIENT_ID = "9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d";

function filled(method: PayinMethod, overrides: Partial<PayinFormValues> = {}): PayinFormValues {
  return {
    ...defaultPayinFormValues(method, PAYMENT_ID),
    client: {
      id: CLIENT_ID,
      ip: "203.0.113.10",
      email: "client@example.com",
      phone: "",
      firstName: "",
      lastName: "",
    },
    amount: "1500",
    ...overrides,
  };
}

function errorsOf(values: PayinFormValues): Record<string, string> {
  const r = payinFormSchema.safeParse(values);
  return r.success ? {} : fieldErrorMapFromZod(r.error);
}

describe.each(PAYIN_METHODS)("pay-in form, %s", (method) => {
  it("an empty form names every required field at its form field", () => {
    const errors = errorsOf(defaultPayinFormValues(method, PAYMENT_ID));
    expect(Object.keys(errors).sort()).toEqual(["amount", "client.email", "client.id", "client.ip"]);
    expect(errors["client.email"]).toMatch(/^Required/);
    expect(errors.amount).toMatch(/^Required/);
  });

  it("a filled form becomes the contract request, without postbackUrl", () => {
    const r = payinFormSchema.safeParse(filled(method, { bankId: "100000000111" }));
    expect(r.success).toBe(true);
    if (!r.success) return;
    expect(r.data).not.toHaveProperty("postbackUrl");
    expect(r.data.paymentMethod).toBe(method);
    expect(r.data.country).toBe(PAYIN_METHOD_INFO[method].defaultCountry);
    expect(r.data.client).toEqual({ id: CLIENT_ID, ip: "203.0.113.10", email: "client@example.com" });
    // The bank picker's value goes only with methods that use a bank.
    expect(r.data.bankId).toBe(PAYIN_METHOD_INFO[method].usesBankId ? 100000000111 : undefined);
  });
});

describe("pay-in form conveniences and field errors", () => {
  it("accepts an amount typed with spaces and a decimal comma", () => {
    const r = payinFormSchema.safeParse(filled("Card", { amount: "1 500,50" }));
    expect(r.success && r.data.amount).toBe(1500.5);
  });

  it.each([
    ["abc", /Must be a number/],
    ["0", /greater than 0/],
    ["10.1234", /at most two decimals/],
    // A point before exactly three digits could group thousands (pt-BR): refused, both readings said.
    ["10.123", /^Ambiguous: "10\.123" could be 10\.123 or 10123/],
    // Parsing would hide these: 100 and 1500 as doubles (issue 8, item 6).
    ["99.99999999999999999", /at most two decimals/],
    ["1500.0000000000001", /at most two decimals/],
    ["1 500,0000000000001", /at most two decimals/],
    ["1e3", /Must be a number/],
    ["-0", /greater than 0/],
    ["NaN", /Must be a number/],
  ])("amount %s is refused at the amount field", (amount, message) => {
    expect(errorsOf(filled("Card", { amount }))).toEqual({ amount: expect.stringMatching(message) });
  });

  // Issue 8, item 6: what the action receives is judged on its text; a number has already been rounded.
  it.each([Number("99.99999999999999999"), 1500, 99.99])(
    "amount %s sent as a number is refused, asking for text",
    (amount) => {
      const values = { ...filled("Card"), amount } as unknown as PayinFormValues;
      expect(errorsOf(values)).toEqual({ amount: expect.stringMatching(/^Must be the amount as text/) });
    },
  );

  it("the browser's request, amount back as text (actionValues), parses again to the same request", () => {
    for (const amount of ["99.99", "1 500,50", "0.01", "123456.7"]) {
      const first = payinFormSchema.safeParse(filled("SBP", { amount, bankId: "100000000111" }));
      expect(first.success).toBe(true);
      if (!first.success) return;
      const again = payinFormSchema.safeParse(actionValues(first.data));
      expect(again.success && again.data).toEqual(first.data);
    }
  });

  it.each([
    ["client.firstName", "a\u0000b", /NUL/],
    ["client.email", "\ud800@x.co", /surrogate/],
    ["paymentId", "\u0000", /NUL/],
  ] as const)("%s with text the product refuses is named", (field, bad, message) => {
    const values = filled("Card");
    if (field === "paymentId") values.paymentId = bad;
    else values.client = { ...values.client, [field.slice("client.".length)]: bad };
    expect(errorsOf(values)[field]).toMatch(message);
  });

  it("normalises phone punctuation and the country's case; keeps addRandomCents only when ticked", () => {
    const values = filled("SBP", { country: "ru", addRandomCents: true });
    values.client = { ...values.client, phone: "+7 (900) 123-45-67", firstName: " Ivan " };
    const r = payinFormSchema.safeParse(values);
    expect(r.success).toBe(true);
    if (!r.success) return;
    expect(r.data.client.phone).toBe("+79001234567");
    expect(r.data.client.firstName).toBe("Ivan");
    expect(r.data.country).toBe("RU");
    expect(r.data.addRandomCents).toBe(true);
    const unticked = payinFormSchema.safeParse(filled("SBP"));
    expect(unticked.success && "addRandomCents" in unticked.data).toBe(false);
  });

  it.each([
    ["client.email", { email: "not-an-email" }],
    ["client.ip", { ip: "999.1.1.1" }],
    ["client.id", { id: "123" }],
    ["client.phone", { phone: "12" }],
  ])("a malformed %s is refused at that field", (field, client) => {
    const values = filled("Card");
    values.client = { ...values.client, ...client };
    expect(Object.keys(errorsOf(values))).toEqual([field]);
  });

  it("refuses a malformed country and trafficType, and a missing paymentId", () => {
    const errors = errorsOf(filled("PIX", { country: "XX", trafficType: "NONE", paymentId: "" }));
    expect(Object.keys(errors).sort()).toEqual(["country", "paymentId", "trafficType"]);
  });
});

describe("the browser sends the schema's output, amount as text; the server parses it again with the same schema", () => {
  it.each(PAYIN_METHODS)("%s: parsing the output again gives the same request", (method) => {
    const values = filled(method, { bankId: "100000000111", addRandomCents: true, amount: "1 500,5" });
    values.client = { ...values.client, phone: "+7 900 123-45-67" };
    const once = payinFormSchema.parse(values);
    expect(payinFormSchema.parse(actionValues(once))).toEqual(once);
  });
});
