import { describe, expect, it } from "vitest";
import {
  bankDetailsSchemas,
  crc16Ccitt,
  isLuhnValid,
  PAYIN_METHOD_INFO,
  PAYIN_METHODS,
  payinResponseSchemaFor,
} from "@/lib/contract";
import { defaultBankOf, findBank } from "./banks";
import { makeBankDetails } from "./details";
import { parseTlv } from "@/lib/contract/emv";
import { hasValidEmvCrc } from "@/lib/contract/checksums";
import { buildNspkLink, NSPK_LINK_PATTERN, nspkLinkId, nspkQrShape } from "./details/nspk";
import { buildPixBrCode } from "./details/pix";
import { assertValidPool, DEFAULT_DETAILS_POOL } from "./details/pool";

const receiver = DEFAULT_DETAILS_POOL.pixReceivers[0]!;

describe("Pix BR Code", () => {
  const code = buildPixBrCode({ receiver, amountMinor: 10050, txid: "abc123DEF456" });
  const fields = Object.fromEntries(parseTlv(code).map((f) => [f.id, f.value]));

  it("carries every EMV field of a Pix Copia e Cola", () => {
    expect(fields["00"]).toBe("01");
    const account = Object.fromEntries(parseTlv(fields["26"]!).map((f) => [f.id, f.value]));
    expect(account).toEqual({ "00": "br.gov.bcb.pix", "01": receiver.key });
    expect(fields["52"]).toBe("0000");
    expect(fields["53"]).toBe("986");
    expect(fields["54"]).toBe("100.50");
    expect(fields["58"]).toBe("BR");
    expect(fields["59"]).toBe(receiver.merchantName);
    expect(fields["60"]).toBe(receiver.city);
    expect(parseTlv(fields["62"]!)).toEqual([{ id: "05", value: "abc123DEF456" }]);
  });

  it("ends in a CRC16 over the whole string including 6304", () => {
    expect(code.slice(-8, -4)).toBe("6304");
    expect(code.slice(-4)).toBe(crc16Ccitt(code.slice(0, -4)));
    expect(hasValidEmvCrc(code)).toBe(true);
    const tampered = code.replace("100.50", "100.51");
    expect(hasValidEmvCrc(tampered)).toBe(false);
  });

  it("matches a known CRC vector (CRC-16/CCITT-FALSE of 123456789 is 29B1)", () => {
    expect(crc16Ccitt("123456789")).toBe("29B1");
  });

  it("strips accents from names", () => {
    const c = buildPixBrCode({
      receiver: { key: "a@b.co", merchantName: "JOSÉ DA CONCEIÇÃO", city: "SÃO PAULO" },
      amountMinor: 1,
      txid: "x",
    });
    const f = Object.fromEntries(parseTlv(c).map((x) => [x.id, x.value]));
    expect(f["59"]).toBe("JOSE DA CONCEICAO");
    expect(f["60"]).toBe("SAO PAULO");
    expect(f["54"]).toBe("0.01");
  });
});

describe("NSPK link", () => {
  const id = "0b7e6a52-2c4e-4c55-9a7c-111111111111";
  it("has the real form with the member id, the sum in kopecks and a crc", () => {
    const link = buildNspkLink(id, "100000000111", 150080);
    expect(link).toMatch(NSPK_LINK_PATTERN);
    expect(link).toContain("bank=100000000111&sum=150080&cur=RUB");
    const [head, crc] = link.split("&crc=");
    expect(crc).toBe(crc16Ccitt(head!));
  });
  it("derives a stable 32-character BS id from the order", () => {
    expect(nspkLinkId(id)).toHaveLength(32);
    expect(nspkLinkId(id)).toBe(nspkLinkId(id));
    expect(nspkLinkId(id)).not.toBe(nspkLinkId("0b7e6a52-2c4e-4c55-9a7c-222222222222"));
    expect(nspkLinkId(id).startsWith("BS")).toBe(true);
  });
  it.each([
    [undefined, "url+code"],
    [1002, "url+code"],
    [1003, "url"],
    [1001, "code"],
  ] as const)("bankId %s gives qr shape %s", (bankId, shape) => {
    expect(nspkQrShape(bankId)).toBe(shape);
  });
});

describe("makeBankDetails", () => {
  it.each(PAYIN_METHODS)("%s details match the contract's shape", (method) => {
    const country = method === "PIX" ? "BR" : "RU";
    const details = makeBankDetails({
      orderId: "5b1d2c3e-0000-4000-8000-000000000001",
      method,
      bank: defaultBankOf(country),
      requestedBankId: undefined,
      amountMinor: 12345,
      pool: DEFAULT_DETAILS_POOL,
    });
    expect(bankDetailsSchemas[PAYIN_METHOD_INFO[method].bankDetails].parse(details)).toEqual(details);
    expect(
      payinResponseSchemaFor(method).safeParse({
        id: "5b1d2c3e-0000-4000-8000-000000000001",
        status: "In progress",
        expiresAt: new Date().toISOString(),
        bankDetails: details,
      }).success,
    ).toBe(true);
  });

  it("takes the chosen bank's name and id", () => {
    const bank = findBank(1003)!;
    const details = makeBankDetails({
      orderId: "5b1d2c3e-0000-4000-8000-000000000002",
      method: "QRNSPK",
      bank,
      requestedBankId: 1003,
      amountMinor: 100,
      pool: DEFAULT_DETAILS_POOL,
    });
    expect(details).toMatchObject({ bankName: bank.name, bankId: 1003, qr: { url: expect.any(String) } });
    expect("code" in (details as { qr: object }).qr).toBe(false);
  });
});

describe("default pool", () => {
  it("is valid: Luhn cards, +7 phones, short EMV names", () => {
    expect(() => assertValidPool(DEFAULT_DETAILS_POOL)).not.toThrow();
    for (const card of DEFAULT_DETAILS_POOL.cards) expect(isLuhnValid(card.cardNumber)).toBe(true);
  });
  it("refuses a card that fails Luhn", () => {
    const pool = {
      ...DEFAULT_DETAILS_POOL,
      cards: [{ cardNumber: "4111111111111112", cardHolderName: "X" }],
    };
    expect(() => assertValidPool(pool)).toThrow(/Luhn/);
  });
});
