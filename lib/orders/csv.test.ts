import { describe, expect, it } from "vitest";
import { csvField, csvLine } from "./csv";

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
