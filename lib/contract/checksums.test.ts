/** Check-digit vectors. Expected values were computed independently (Python, by the published algorithms). */
import { describe, expect, test } from "vitest";
import { crc16Ccitt, hasValidEmvCrc, isLuhnValid, isValidCnpj, isValidCpf, luhnCheckDigit } from "./index";
import { samplePixBrCode } from "./samples";

describe("Luhn", () => {
  test.each([
    "4111111111111111",
    "5555555555554444",
    "378282246310005",
    "6011111111111117",
    "2200700000000009",
    "4000056655665556",
    "79927398713",
    "0",
  ])("%s is valid", (n) => {
    expect(isLuhnValid(n)).toBe(true);
  });

  test.each([
    "4111111111111112",
    "5555555555554445",
    "79927398710",
    "4111 1111 1111 1111",
    "4111-1111-1111-1111",
    "",
    "abc",
    "411111111111111a",
  ])("%j is invalid", (n) => {
    expect(isLuhnValid(n)).toBe(false);
  });

  test.each([
    ["411111111111111", "1"],
    ["7992739871", "3"],
    ["220070000000000", "9"],
  ])("check digit of %s is %s", (partial, digit) => {
    expect(luhnCheckDigit(partial)).toBe(digit);
  });
});

describe("CPF", () => {
  test.each(["52998224725", "11144477735", "12345678909", "529.982.247-25"])("%s is valid", (cpf) => {
    expect(isValidCpf(cpf)).toBe(true);
  });
  test.each([
    ["wrong first check digit", "52998224735"],
    ["wrong second check digit", "52998224726"],
    ["all same digits (passes the arithmetic)", "11111111111"],
    ["all zeros", "00000000000"],
    ["too short", "5299822472"],
    ["too long", "529982247250"],
    ["letters", "5299822472A"],
    ["empty", ""],
  ])("%s: %s is invalid", (_case, cpf) => {
    expect(isValidCpf(cpf)).toBe(false);
  });
});

describe("CNPJ", () => {
  test.each([
    ["numeric", "11222333000181"],
    ["numeric with punctuation", "11.222.333/0001-81"],
    ["alphanumeric (2026 format)", "12ABC34501DE35"],
    ["alphanumeric, punctuated", "12.ABC.345/01DE-35"],
    ["alphanumeric, lower case", "12abc34501de35"],
  ])("%s: %s is valid", (_case, cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(true);
  });
  test.each([
    ["wrong first check digit", "11222333000191"],
    ["wrong second check digit", "11222333000182"],
    ["alphanumeric, wrong check digit", "12ABC34501DE36"],
    ["alphanumeric, letter as check digit", "12ABC34501DE3A"],
    ["all same digits", "00000000000000"],
    ["all same digits (ones)", "11111111111111"],
    ["too short", "1122233300018"],
    ["symbols", "12ABC34501D#35"],
    ["a CPF is not a CNPJ", "52998224725"],
  ])("%s: %s is invalid", (_case, cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(false);
  });
});

describe("CRC-16/CCITT-FALSE", () => {
  test.each([
    ["123456789", "29B1"],
    ["", "FFFF"],
    ["A", "B915"],
    // A Pix BR Code up to and including "6304", CRC from Python's binascii.crc_hqx(..., 0xFFFF).
    [
      "00020126400014br.gov.bcb.pix0118client@example.com5204000053039865406100.505802BR5913FULANO DE TAL6008BRASILIA62070503***6304",
      "26B4",
    ],
  ])("crc16(%j) = %s", (text, crc) => {
    expect(crc16Ccitt(text)).toBe(crc);
  });

  test("hasValidEmvCrc accepts a BR Code with its CRC and refuses a changed one", () => {
    const code = samplePixBrCode();
    expect(hasValidEmvCrc(code)).toBe(true);
    expect(hasValidEmvCrc(code.replace("100.50", "100.51"))).toBe(false);
    expect(hasValidEmvCrc(`${code.slice(0, -4)}0000`)).toBe(false);
    expect(hasValidEmvCrc(code.slice(0, -8))).toBe(false);
    expect(hasValidEmvCrc("")).toBe(false);
  });
});
