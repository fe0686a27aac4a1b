import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { PayinForm } from "@/components/payin-form/payin-form";
import { PayoutForm } from "@/components/payout-form/payout-form";
import { FAILING_PAYOUT_CARD, FAILING_PAYOUT_PHONE, isFailingPayoutRecipient } from "@/lib/contract";
import { defaultPayinFormValues } from "@/lib/orders/payin-form-schema";
import { defaultPayoutFormValues } from "@/lib/orders/payout-form-schema";
import { sandboxTriggerOfText, sandboxTriggerWarning } from "./sandbox-triggers";

vi.mock("next/navigation", () => ({ useRouter: () => ({ push: vi.fn(), refresh: vi.fn() }) }));
vi.mock("@/lib/actions/create-payin-action", () => ({ createPayinAction: vi.fn() }));
vi.mock("@/lib/actions/create-payout-action", () => ({ createPayoutAction: vi.fn() }));

describe("sandboxTriggerOfText", () => {
  it.each([
    ["100.13", "payin", 13],
    ["100.14", "payout", 14],
    [" 7.15 ", "payin", 15],
    ["0.55", "payout", 55],
    ["1234.56", "payin", 56],
  ] as const)("%j (%s) is the .%i trigger", (text, direction, cents) => {
    expect(sandboxTriggerOfText(direction, text)?.cents).toBe(cents);
  });

  it.each([
    ["100.15", "payout"], // expiry is a pay-in's alone
    ["100.5", "payin"], // .50, not .05
    ["100.1", "payin"], // .10, not .13
    ["13", "payin"], // whole units: cents .00
    ["100.561", "payin"], // not an amount yet
    ["", "payin"],
    ["1e2", "payin"],
  ] as const)("%j (%s) sets off nothing", (text, direction) => {
    expect(sandboxTriggerOfText(direction, text)).toBeUndefined();
  });

  it("warns in words, naming the cents", () => {
    expect(sandboxTriggerWarning("payin", "12.56")).toMatch(
      /^Sandbox test amount \(cents \.56\): .*answers late/,
    );
    expect(sandboxTriggerWarning("payin", "12.57")).toBeUndefined();
  });
});

/** Server-rendered as the page's first paint (the bank picker asks through react-query). */
const render = (form: ReactNode) =>
  renderToStaticMarkup(<QueryClientProvider client={new QueryClient()}>{form}</QueryClientProvider>);

const payin = (amount: string, sandbox: boolean) =>
  render(<PayinForm sandbox={sandbox} defaultValues={{ ...defaultPayinFormValues("SBP"), amount }} />);

describe("the order forms on the sandbox", () => {
  it("a pay-in whose cents are a trigger says what will happen, under the amount", () => {
    const html = payin("1234.56", true);
    expect(html).toContain("Sandbox test amount (cents .56)");
    expect(html).toContain("Sandbox test amounts</summary>");
  });

  it("says nothing of triggers against a real payment service, nor for an ordinary amount", () => {
    expect(payin("1234.56", false)).not.toContain("Sandbox test amount");
    const ordinary = payin("1234.50", true);
    expect(ordinary).not.toContain("Sandbox test amount (cents");
    expect(ordinary).toContain("Sandbox test amounts</summary>");
  });

  it("a pay-out's list names the failing recipients and leaves out the pay-in's expiry", () => {
    const html = render(
      <PayoutForm sandbox defaultValues={{ ...defaultPayoutFormValues("Card"), amount: "10.15" }} />,
    );
    expect(html).toContain(FAILING_PAYOUT_CARD);
    expect(html).not.toContain("Sandbox test amount (cents");
    expect(html).not.toContain("Expired");
  });
});

describe("the pay-out form's recipient on the sandbox", () => {
  const RECIPIENT_WARNING = "Sandbox test recipient: this pay-out is created, then at once Failed.";
  const card = (ccNo: string, sandbox = true) => {
    const values = defaultPayoutFormValues("Card");
    return render(
      <PayoutForm
        sandbox={sandbox}
        defaultValues={{ ...values, payoutDetails: { ...values.payoutDetails, ccNo } }}
      />,
    );
  };
  const sbp = (phoneNumber: string) => {
    const values = defaultPayoutFormValues("SBP");
    return render(
      <PayoutForm
        sandbox
        defaultValues={{ ...values, payoutDetails: { ...values.payoutDetails, phoneNumber } }}
      />,
    );
  };

  it("the failing card says what it does, on the sandbox only", () => {
    expect(card(FAILING_PAYOUT_CARD)).toContain(RECIPIENT_WARNING);
    expect(card(FAILING_PAYOUT_CARD, false)).not.toContain(RECIPIENT_WARNING);
    expect(card("4000000000000010")).not.toContain(RECIPIENT_WARNING);
  });

  it("the failing phone says it as typed: spaces, dashes, brackets and no plus as the form sends it", () => {
    expect(sbp(FAILING_PAYOUT_PHONE)).toContain(RECIPIENT_WARNING);
    expect(sbp("+7 (900) 000-00-13")).toContain(RECIPIENT_WARNING);
    expect(sbp("79000000013")).toContain(RECIPIENT_WARNING);
    expect(sbp("+79000000014")).not.toContain(RECIPIENT_WARNING);
  });

  it("one rule for the form and the sandbox (the contract's)", () => {
    expect(isFailingPayoutRecipient({ ccNo: FAILING_PAYOUT_CARD })).toBe(true);
    expect(isFailingPayoutRecipient({ phoneNumber: "79000000013" })).toBe(true);
    expect(isFailingPayoutRecipient({ phoneNumber: "+79000000013" })).toBe(true);
    expect(isFailingPayoutRecipient({ phoneNumber: "++79000000013" })).toBe(false);
    expect(isFailingPayoutRecipient({ ccNo: "4000 0000 0000 0002" })).toBe(false);
    expect(isFailingPayoutRecipient(undefined)).toBe(false);
  });
});
