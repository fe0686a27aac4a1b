import { describe, expect, it } from "vitest";
import { orderListRow } from "@/lib/testing/order-list-row";
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
    const line = orderCsvRecord(orderListRow({ finalAmount: "999.99" }));
    const cells = line.trimEnd().split(",");
    expect(cells).toHaveLength(ORDER_CSV_HEADER.length);
    const column = (name: string) => cells[ORDER_CSV_HEADER.indexOf(name)];
    expect([column("amount"), column("currency"), column("country")]).toEqual(["999.99", "RUB", "KZ"]);
  });
});
