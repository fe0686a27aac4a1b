import { describe, expect, it } from "vitest";
import { csvField, csvLine, ORDER_CSV_HEADER, orderCsvRecord } from "./csv";

describe("csv", () => {
  it.each([
    ["plain", "plain"],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["cr\r", '"cr\r"'],
    ['=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ["+1", "'+1"],
    ["-1", "'-1"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["", ""],
  ])("escapes %j as %j", (input, expected) => {
    expect(csvField(input)).toBe(expected);
  });

  it("writes numbers, dates and empty values", () => {
    expect(csvField(12.5)).toBe("12.5");
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
    expect(csvField(new Date("2026-01-02T03:04:05.678Z"))).toBe("2026-01-02T03:04:05.678Z");
  });

  it("joins a record with commas and ends it with CRLF", () => {
    expect(csvLine(["a", 'b"c', null, "d,e"])).toBe('a,"b""c",,"d,e"\r\n');
  });
});

describe("the orders export's record", () => {
  it("carries the order's stored currency, not its country's (a cross-border NSPK QR order for KZ is in RUB)", () => {
    const at = new Date("2026-11-22T10:00:00Z");
    const line = orderCsvRecord({
      id: "0f8b8f52-3c2e-4a55-9d0e-8f4f7f0b8b01",
      direction: "payin",
      paymentId: "7c0f3e2a-91b4-4d6e-8f10-2b3c4d5e6f70",
      providerOrderId: null,
      paymentMethod: "QRNSPKCrossBorder",
      amount: "999.99",
      finalAmount: "999.99",
      currency: "RUB",
      country: "KZ",
      status: "In progress",
      clientEmail: "c@example.com",
      createdAt: at,
      updatedAt: at,
      cursor: "x",
    });
    const cells = line.trimEnd().split(",");
    expect(cells).toHaveLength(ORDER_CSV_HEADER.length);
    const column = (name: string) => cells[ORDER_CSV_HEADER.indexOf(name)];
    expect([column("amount"), column("currency"), column("country")]).toEqual(["999.99", "RUB", "KZ"]);
  });
});
