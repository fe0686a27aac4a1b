import { describe, expect, it } from "vitest";
import { samplePayoutRequest } from "@/lib/contract/samples";
import { maskOrderRequest } from "@/lib/contract/card-mask";
import { recipientLine, recipientRows } from "./recipient";

const asJson = (v: unknown) => v as Record<string, unknown>;

describe("recipientRows: who a pay-out pays, by method", () => {
  it("Card: the masked number grouped, holder and expiry; never the full number", () => {
    const sent = samplePayoutRequest("Card", { payoutDetails: { ccNo: "4111111111111111" } });
    const rows = recipientRows(maskOrderRequest(asJson(sent)));
    expect(rows).toContainEqual({ label: "Card number", value: "4111 11** **** 1111", mono: true });
    expect(rows).toContainEqual({ label: "Card holder", value: sent.payoutDetails?.ccHolderName });
    expect(rows.find((r) => r.label === "Expires")?.value).toMatch(/^\d{2}\/\d{2}$/);
    expect(JSON.stringify(rows)).not.toContain("4111111111111111");
  });

  it("SBP: phone, payee and the bank's name from the directory, or its id when the directory lacks it", () => {
    const sent = asJson(samplePayoutRequest("SBP", { bankId: 1004 }));
    const details = sent.payoutDetails as Record<string, string>;
    expect(recipientRows(sent, "Tinkoff Bank")).toEqual(
      expect.arrayContaining([
        { label: "Phone (SBP)", value: details.phoneNumber, mono: true },
        { label: "Bank", value: "Tinkoff Bank", aside: true },
      ]),
    );
    expect(recipientRows(sent).find((r) => r.label === "Bank")?.value).toBe(
      "Bank id 1004 (not in the directory)",
    );
  });

  it("BankAccount: the account number", () => {
    const sent = samplePayoutRequest("BankAccount");
    expect(recipientRows(asJson(sent))[0]).toEqual({
      label: "Bank account number",
      value: sent.payoutDetails?.bankAccountNo,
      mono: true,
    });
  });

  it.each([
    ["PIX_OUT_CPF", "Pix key (CPF / CNPJ)", (r: ReturnType<typeof samplePayoutRequest>) => r.client.tin],
    ["PIX_OUT_EMAIL", "Pix key (email)", (r: ReturnType<typeof samplePayoutRequest>) => r.client.email],
    ["PIX_OUT_PHONE", "Pix key (phone)", (r: ReturnType<typeof samplePayoutRequest>) => r.client.phone],
    ["PIX_OUT_EVP", "Pix key (EVP)", (r: ReturnType<typeof samplePayoutRequest>) => r.payoutDetails?.evp],
  ] as const)("%s: the Pix key where that method carries it", (method, label, key) => {
    const sent = samplePayoutRequest(method);
    const rows = recipientRows(asJson(sent));
    expect(rows[0]?.label).toBe(label);
    expect(rows[0]?.value).toBe(key(sent));
  });
});

describe("recipientLine: who is paid, beside the amount in an approval's confirmation", () => {
  it.each([
    ["Card", "4111 11** **** 1111 · "],
    ["SBP", "+7"],
    ["BankAccount", ""],
    ["PIX_OUT_CPF", ""],
  ] as const)("%s names the recipient, not the bank or the client's email", (method, start) => {
    const sent = asJson(maskOrderRequest(asJson(samplePayoutRequest(method, { bankId: 1004 }))));
    const line = recipientLine(sent);
    const who = recipientRows(sent).filter((r) => !r.aside);
    expect(who.length).toBeGreaterThan(0);
    expect(line).toBe(who.map((r) => r.value).join(" · "));
    expect(line.startsWith(start)).toBe(true);
    expect(line).not.toContain(String((sent.client as Record<string, unknown>).email));
    expect(line).not.toContain("Bank id");
  });
});
