import { describe, expect, it } from "vitest";
import { type BankOption, filterBanks } from "./filter-banks";

const BANKS: BankOption[] = [
  { id: 1, name: "Альфа-Банк", country: "RU", code: "100000000008" },
  { id: 2, name: "Сбербанк", country: "RU", code: "100000000111" },
  { id: 3, name: "Банк ВТБ", country: "RU", code: "110000000005" },
  { id: 4, name: "Itaú Unibanco", country: "BR", code: "60701190" },
  { id: 5, name: "Банк Зенит", country: "RU", code: "100000000045" },
];

describe("filterBanks", () => {
  it("an empty query keeps every bank in order", () => {
    expect(filterBanks(BANKS, "  ").map((b) => b.id)).toEqual([1, 2, 3, 4, 5]);
  });
  it("matches names case-insensitively, prefix matches first", () => {
    expect(filterBanks(BANKS, "банк").map((b) => b.id)).toEqual([3, 5, 1, 2]);
    expect(filterBanks(BANKS, "СБЕР").map((b) => b.id)).toEqual([2]);
  });
  it("matches codes and ignores accents", () => {
    expect(filterBanks(BANKS, "100000000111").map((b) => b.id)).toEqual([2]);
    expect(filterBanks(BANKS, "6070").map((b) => b.id)).toEqual([4]);
    expect(filterBanks(BANKS, "itau").map((b) => b.id)).toEqual([4]);
  });
  it("a name typed in Russian finds a bank listed in Latin letters", () => {
    const listed: BankOption[] = [
      { id: 6, name: "VTB Bank", country: "RU", code: "110000000005" },
      { id: 7, name: "Sberbank", country: "RU", code: "100000000111" },
      { id: 8, name: "Alfa-Bank", country: "RU", code: "100000000008" },
    ];
    expect(filterBanks(listed, "сбер").map((b) => b.id)).toEqual([7]);
    expect(filterBanks(listed, "втб").map((b) => b.id)).toEqual([6]);
    expect(filterBanks(listed, "Банк").map((b) => b.id)).toEqual([6, 7, 8]);
    expect(filterBanks(listed, "зенит")).toEqual([]);
  });
  it("a name typed in Latin letters finds a bank listed in Russian, as staff pages name it", () => {
    expect(filterBanks(BANKS, "sber").map((b) => b.id)).toEqual([2]);
    expect(filterBanks(BANKS, "Bank VTB").map((b) => b.id)).toEqual([3]);
    expect(filterBanks(BANKS, "bank").map((b) => b.id)).toEqual([3, 5, 1, 2]);
  });
  it("needs every word", () => {
    expect(filterBanks(BANKS, "банк втб").map((b) => b.id)).toEqual([3]);
    expect(filterBanks(BANKS, "банк nothing")).toEqual([]);
  });
});
