import { describe, expect, test } from "vitest";
import {
  amountLiteralError,
  amountTextProblem,
  formatMinorUnits,
  fromMinorUnits,
  hasAtMostTwoDecimals,
  MAX_AMOUNT,
  toMinorUnits,
} from "./index";

describe("hasAtMostTwoDecimals", () => {
  test.each([
    [0, true],
    [1, true],
    [0.01, true],
    [0.1, true],
    [100.5, true],
    [1500, true],
    [12.34, true],
    [-1.5, true],
    [MAX_AMOUNT, true],
    [999_999_999_999.99, true],
    [0.1 + 0.2, false],
    [1.005, false],
    [0.001, false],
    [1e-7, false],
    [1e21, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
    [Number.NEGATIVE_INFINITY, false],
  ])("%s → %s", (n, expected) => {
    expect(hasAtMostTwoDecimals(n)).toBe(expected);
  });
});

describe("toMinorUnits", () => {
  test.each([
    [0, 0],
    [0.01, 1],
    [0.1, 10],
    [1, 100],
    [12.34, 1234],
    [100.5, 10050],
    [1500, 150000],
    [-1.5, -150],
    [-0.01, -1],
    [1.1, 110],
    [19.99, 1999],
    [MAX_AMOUNT, MAX_AMOUNT * 100],
  ])("%s → %s", (amount, minor) => {
    expect(toMinorUnits(amount)).toBe(minor);
  });

  test("-0 gives a plain 0", () => {
    expect(Object.is(toMinorUnits(-0), 0)).toBe(true);
  });

  test.each([0.1 + 0.2, 1.005, 1e21, 1e-7, Number.NaN, Number.POSITIVE_INFINITY])("%s throws", (amount) => {
    expect(() => toMinorUnits(amount)).toThrow(RangeError);
  });

  test("an amount whose cents are beyond a safe integer throws", () => {
    expect(() => toMinorUnits(1e20)).toThrow(/too large/);
  });

  test("sums in minor units are exact where floating point is not", () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(fromMinorUnits(toMinorUnits(0.1) + toMinorUnits(0.2))).toBe(0.3);
    expect(fromMinorUnits(toMinorUnits(1500) + 37)).toBe(1500.37);
  });
});

describe("fromMinorUnits / formatMinorUnits", () => {
  test.each([
    [0, 0, "0.00"],
    [1, 0.01, "0.01"],
    [5, 0.05, "0.05"],
    [10, 0.1, "0.10"],
    [1234, 12.34, "12.34"],
    [10050, 100.5, "100.50"],
    [150000, 1500, "1500.00"],
    [-150, -1.5, "-1.50"],
    [-5, -0.05, "-0.05"],
  ])("%s → %s (%s)", (minor, amount, text) => {
    expect(fromMinorUnits(minor)).toBe(amount);
    expect(formatMinorUnits(minor)).toBe(text);
  });

  test.each([1.5, Number.NaN, 2 ** 53])("%s is not an integer amount of minor units", (minor) => {
    expect(() => fromMinorUnits(minor)).toThrow(RangeError);
  });

  test.each([0.01, 0.1, 1, 12.34, 100.5, 1500, 999_999_999_999.99])("%s round-trips", (amount) => {
    expect(fromMinorUnits(toMinorUnits(amount))).toBe(amount);
  });
});

describe("amountTextProblem: amounts judged on their text", () => {
  test.each(["1500", "1500.5", "1500.55", "0.01", "-1.5", "0"])("accepts %s", (text) => {
    expect(amountTextProblem(text)).toBeUndefined();
  });
  test.each([
    ["99.99999999999999999", /at most two decimals/],
    ["1500.0000000000001", /at most two decimals/],
    ["1500.000", /at most two decimals/],
    ["1e3", /without an exponent/],
    ["1.5E+2", /without an exponent/],
    ["NaN", /a number greater than 0/],
    ["12abc", /a number greater than 0/],
  ])("refuses %s", (text, message) => expect(amountTextProblem(text)).toMatch(message));
});

describe("amountLiteralError: the body's amount literal", () => {
  test("names the amount written with more decimals than its float shows", () => {
    const text = '{"amount":1500.0000000000001}';
    expect(amountLiteralError(text, JSON.parse(text))).toEqual({
      path: "amount",
      message: expect.stringMatching(/at most two decimals/),
    });
  });
  test("nothing when the amount is exact, or not a number (the schema reports that)", () => {
    for (const text of ['{"amount":1500.5}', '{"amount":"1.001"}', "{}", "[1.001]", "null"])
      expect(amountLiteralError(text, JSON.parse(text))).toBeUndefined();
  });
});
