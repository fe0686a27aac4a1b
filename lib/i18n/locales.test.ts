import { describe, expect, test } from "vitest";
import { en } from "./messages-en";
import { ptBR } from "./messages-pt-br";
import { ru } from "./messages-ru";
import { fillMessage } from "./index";
import { negotiateLocale, parseAcceptLanguage, toLocale } from "./locales";

describe("negotiateLocale", () => {
  test.each([
    [{ acceptLanguage: "ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7" }, "ru"],
    [{ acceptLanguage: "pt-BR,pt;q=0.9" }, "pt-BR"],
    [{ acceptLanguage: "pt-PT,pt;q=0.9,en;q=0.5" }, "pt-BR"],
    [{ acceptLanguage: "de-DE,de;q=0.9,ru;q=0.8,en;q=0.7" }, "ru"],
    [{ acceptLanguage: "de-DE,fr;q=0.9" }, "en"],
    [{ acceptLanguage: "en;q=0.5,ru;q=0.9" }, "ru"],
    [{ acceptLanguage: "ru;q=0,en" }, "en"],
    [{ acceptLanguage: "*" }, "en"],
    [{ acceptLanguage: "" }, "en"],
    [{}, "en"],
    [{ acceptLanguage: "ru", cookie: "pt-BR" }, "pt-BR"],
    [{ acceptLanguage: "ru", cookie: "pt-BR", query: "en" }, "en"],
    [{ acceptLanguage: "ru", cookie: "xx", query: "zz" }, "ru"],
    [{ acceptLanguage: "en", query: "pt-br" }, "pt-BR"],
  ])("%j → %s", (input, expected) => expect(negotiateLocale(input)).toBe(expected));
});

describe("parseAcceptLanguage", () => {
  test("orders by q, then by position, and drops q=0", () => {
    expect(parseAcceptLanguage("en;q=0.8, ru , pt-BR;q=0.8, de;q=0").map((r) => r.tag)).toEqual([
      "ru",
      "en",
      "pt-br",
    ]);
  });
});

describe("toLocale", () => {
  test.each([
    ["ru", "ru"],
    ["RU", "ru"],
    ["pt_BR", "pt-BR"],
    ["pt", undefined],
    ["", undefined],
    [null, undefined],
  ])("%s → %s", (input, expected) => expect(toLocale(input)).toBe(expected));
});

describe("dictionaries", () => {
  test("every language has every message, none empty", () => {
    for (const dict of [ru, ptBR]) {
      expect(Object.keys(dict).sort()).toEqual(Object.keys(en).sort());
      for (const value of Object.values(dict)) expect(value.trim()).not.toBe("");
    }
  });
});

describe("placeholders", () => {
  test("every translation keeps the English message's {placeholders}", () => {
    const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const dict of [ru, ptBR])
      for (const [key, value] of Object.entries(en))
        expect(names(dict[key as keyof typeof en]), key).toEqual(names(value));
  });

  test("fillMessage fills what it is given and leaves the rest visible", () => {
    expect(fillMessage(en.payTo, { merchant: "Acme Store" })).toBe("Payment to Acme Store");
    expect(fillMessage(ru.orderRef, { ref: "7c0f3e2a" })).toBe("Заказ 7c0f3e2a");
    expect(fillMessage("{a} and {b}", { a: "x" })).toBe("x and {b}");
  });
});
