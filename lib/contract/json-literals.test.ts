import { describe, expect, test } from "vitest";
import { numberLiteralAt } from "./json-literals";

describe("numberLiteralAt: a number's text as written", () => {
  test.each([
    ['{"amount":1500.0000000000001}', ["amount"], "1500.0000000000001"],
    ['{ "amount" : 99.99999999999999999 , "x": 1}', ["amount"], "99.99999999999999999"],
    ['{"a":{"amount":1},"amount":1e3}', ["amount"], "1e3"],
    ['{"a":{"amount":1.234},"amount":2}', ["a", "amount"], "1.234"],
    ['{"list":[1,2.50,3]}', ["list", "1"], "2.50"],
    ['{"s":"\\"amount\\":5","amount":-0}', ["amount"], "-0"],
    ['{"\\u0061mount":12.345}', ["amount"], "12.345"],
    // Duplicate keys: the last one, as JSON.parse takes it.
    ['{"amount":1.001,"amount":2.5}', ["amount"], "2.5"],
  ])("%s at %j → %s", (json, path, literal) => {
    expect(numberLiteralAt(json, path)).toBe(literal);
  });
  test.each([
    ['{"amount":"1.001"}', ["amount"]],
    ['{"x":1.001}', ["amount"]],
    ["[1.001]", ["amount"]],
    ['{"a":{"amount":1.001}}', ["amount"]],
  ])("no number at the path: %s", (json, path) => {
    expect(numberLiteralAt(json, path)).toBeUndefined();
  });
  test("ends on text that is not JSON", () => {
    for (const junk of ['{"amount":', '"unterminated', "}}]]{", '{"amount":1.2.3e', "\\"])
      expect(() => numberLiteralAt(junk, ["amount"])).not.toThrow();
  });
});
