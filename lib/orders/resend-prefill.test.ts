import { describe, expect, it } from "vitest";
import { samplePayinRequest, samplePayoutRequest } from "@/lib/contract/samples";
import { maskOrderRequest } from "@/lib/contract/card-mask";
import { payinFormSchema } from "./payin-form-schema";
import { payoutFormSchema } from "./payout-form-schema";
import { payinValuesFromRequest, payoutValuesFromRequest, storedCardMask } from "./resend-prefill";

describe("Fix and resend: form values from a refused order's stored request", () => {
  it("a pay-in comes back as it was sent, with no paymentId", () => {
    const sent = samplePayinRequest("Card", { amount: 5, addRandomCents: true });
    const values = payinValuesFromRequest({ ...sent, postbackUrl: "http://x/api/postback" }, "5.00");
    expect(values).toMatchObject({
      paymentId: "",
      paymentMethod: "Card",
      amount: "5.00",
      country: sent.country,
      trafficType: sent.trafficType,
      addRandomCents: true,
      client: { id: sent.client.id, ip: sent.client.ip, email: sent.client.email },
    });
    // With a new paymentId it is the same request again, to the byte.
    const parsed = payinFormSchema.parse({ ...values, paymentId: sent.paymentId });
    expect(parsed).toEqual(sent);
  });

  it("a card pay-out keeps everything but the card number, which is never prefilled", () => {
    const sent = samplePayoutRequest("Card", { amount: 99.99 });
    const stored = maskOrderRequest(sent as unknown as Record<string, unknown>);
    const values = payoutValuesFromRequest(stored, "99.99");
    expect(values.payoutDetails.ccNo).toBe("");
    expect(JSON.stringify(values)).not.toContain("******");
    expect(values.payoutDetails.ccHolderName).toBe(sent.payoutDetails?.ccHolderName);
    expect(storedCardMask(stored)).toMatch(/^\d{6}\*{6}\d{4}$/);
    // Typed again, the card completes the same request.
    const parsed = payoutFormSchema.parse({
      ...values,
      paymentId: sent.paymentId,
      payoutDetails: { ...values.payoutDetails, ccNo: sent.payoutDetails?.ccNo },
    });
    expect(parsed).toEqual(sent);
  });

  it.each(["SBP", "BankAccount", "PIX_OUT_EVP", "PIX_OUT_CPF"] as const)(
    "a %s pay-out comes back whole",
    (method) => {
      const sent = samplePayoutRequest(method);
      const values = payoutValuesFromRequest(sent as unknown as Record<string, unknown>, String(sent.amount));
      expect(payoutFormSchema.parse({ ...values, paymentId: sent.paymentId })).toEqual(sent);
      expect(storedCardMask(sent as unknown as Record<string, unknown>)).toBeNull();
    },
  );

  it("an unknown method falls back to the form's default and nothing throws", () => {
    expect(payinValuesFromRequest({ paymentMethod: "Nope" }, "1.00").paymentMethod).toBe("SBP");
    expect(payoutValuesFromRequest({}, "1.00").paymentMethod).toBe("Card");
  });
});
