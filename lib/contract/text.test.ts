import { describe, expect, test } from "vitest";
import { z } from "zod";
import { acceptedText, findBadText, storableText, textProblem } from "./text";

describe("textProblem: the text the product accepts", () => {
  test.each([
    "",
    "plain",
    "Иван Петров",
    "São Paulo",
    "emoji 😀 pair",
    "\ufffd replacement",
    "tab\tnew\nline",
  ])("accepts %j", (text) => expect(textProblem(text)).toBeUndefined());
  test.each([
    ["a\u0000b", /NUL/],
    ["\u0000", /NUL/],
    ["\ud800x", /unpaired UTF-16 surrogate/],
    ["x\udc00", /unpaired UTF-16 surrogate/],
    ["\ude00\ud83d", /unpaired UTF-16 surrogate/],
    ["end\ud83d", /unpaired UTF-16 surrogate/],
  ])("refuses %j", (text, message) => expect(textProblem(text)).toMatch(message));

  test("acceptedText() is a zod check with that message", () => {
    const schema = z.string().check(acceptedText());
    expect(schema.safeParse("ok").success).toBe(true);
    expect(schema.safeParse("a\u0000").error?.issues[0]?.message).toMatch(/NUL/);
  });
});

describe("storableText: what is logged, never refused", () => {
  test.each([
    ["plain", "plain"],
    ["a\u0000b\u0000", "a\ufffdb\ufffd"],
    ["\ud800x\udc00", "\ufffdx\ufffd"],
    ["emoji 😀 pair", "emoji 😀 pair"],
  ])("%j → %j", (text, stored) => {
    expect(storableText(text)).toBe(stored);
    expect(textProblem(storableText(text))).toBeUndefined();
  });
});

describe("findBadText: the first refused string of a JSON value, with its path", () => {
  test("finds nested values, array items and keys", () => {
    expect(findBadText({ a: { b: ["ok", "x\u0000"] } })).toEqual({
      path: "a.b.1",
      message: expect.stringMatching(/NUL/),
    });
    expect(findBadText({ a: { "k\ud800": 1 } })).toEqual({
      path: "a.k\\ud800",
      message: expect.stringMatching(/surrogate/),
    });
    expect(findBadText("\u0000")).toEqual({ path: "(body)", message: expect.any(String) });
  });
  test("nothing to report for good values of every JSON type", () => {
    expect(findBadText({ a: 1, b: null, c: true, d: [1.5, "ok", { e: "😀" }] })).toBeUndefined();
  });
  test("the first in document order", () => {
    expect(findBadText({ a: "ok", b: "\u0000", c: "\ud800" })?.path).toBe("b");
  });
  test("a deeply nested body does not overflow the stack", () => {
    let deep: unknown = "\u0000";
    for (let i = 0; i < 20_000; i++) deep = [deep];
    expect(findBadText(deep)?.path.split(".")).toHaveLength(20_000);
  });
});
