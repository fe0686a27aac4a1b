import { describe, expect, test } from "vitest";
import { en } from "@/lib/i18n/messages-en";
import { ptBR } from "@/lib/i18n/messages-pt-br";
import { ru } from "@/lib/i18n/messages-ru";
import { CASE_MESSAGE_KEYS } from "./case-messages";
import { checkCaseInput, normalizeReference, noteError, referenceError } from "./reference";
import { referenceKind } from "./reference-kind";

const PIX = "E18236120202611221015s0123456789";
const SBP = "A41171137035150B0000080011340501";

describe("referenceKind", () => {
  test.each([
    ["PIX", "pix"],
    ["SBP", "sbp"],
    ["CrossBorderSBP", "sbp"],
    ["QRNSPK", "sbp"],
    ["QRNSPKCrossBorder", "sbp"],
    ["Card", "free"],
    ["CrossBorderCard", "free"],
    ["Unknown", "free"],
  ])("%s → %s", (method, kind) => expect(referenceKind(method)).toBe(kind));
});

describe("referenceError per method", () => {
  test.each([
    ["pix", PIX, undefined],
    ["pix", ` ${PIX.slice(0, 16)} ${PIX.slice(16)} `, undefined],
    ["pix", "", "required"],
    ["pix", "   ", "required"],
    ["pix", PIX.slice(0, 31), "pix"],
    ["pix", `${PIX}0`, "pix"],
    ["pix", `X${PIX.slice(1)}`, "pix"],
    ["pix", `${PIX.slice(0, 31)}-`, "pix"],
    ["sbp", SBP, undefined],
    ["sbp", SBP.toLowerCase(), undefined],
    ["sbp", `1${SBP.slice(1)}`, "sbp"],
    ["sbp", SBP.slice(0, 30), "sbp"],
    ["sbp", "", "required"],
    ["free", "RCPT-2026/11/22 #445", undefined],
    ["free", "Квитанция 12345", undefined],
    ["free", "abc", "free"],
    ["free", "x".repeat(65), "free"],
    ["free", "<script>", "free"],
    ["free", "4111 1111 1111 1111", "cardNumber"],
    ["free", "4111111111111111", "cardNumber"],
    ["free", "", "required"],
  ] as const)("%s %j → %s", (kind, value, error) => expect(referenceError(kind, value)).toBe(error));
});

describe("normalizeReference", () => {
  test("Pix and SBP ids lose their spaces; SBP is upper-cased; free text keeps single spaces", () => {
    expect(normalizeReference("pix", ` ${PIX.slice(0, 4)} ${PIX.slice(4)}`)).toBe(PIX);
    expect(normalizeReference("sbp", SBP.toLowerCase())).toBe(SBP);
    expect(normalizeReference("free", "  a   b  ")).toBe("a b");
  });
});

describe("noteError", () => {
  test.each([
    [undefined, undefined],
    ["", undefined],
    ["Paid from my wife's account", undefined],
    ["line one\nline two", undefined],
    ["x".repeat(300), undefined],
    ["x".repeat(301), "note"],
    ["bell\u0007", "note"],
    ["card 5536 9137 1234 5678", "cardNumber"],
  ] as const)("%j → %s", (value, error) => expect(noteError(value)).toBe(error));
});

describe("checkCaseInput", () => {
  test("names every refused field", () => {
    expect(checkCaseInput("pix", { reference: "E123", note: "x".repeat(400) })).toEqual({
      ok: false,
      errors: { reference: "pix", note: "note" },
    });
    expect(checkCaseInput("pix", null)).toEqual({ ok: false, errors: { reference: "required" } });
    expect(checkCaseInput("free", { reference: 42 })).toEqual({
      ok: false,
      errors: { reference: "required" },
    });
    expect(checkCaseInput("free", { reference: "RCPT-1", note: 5 })).toEqual({
      ok: false,
      errors: { note: "note" },
    });
    expect(checkCaseInput("sbp", { reference: "x".repeat(10_000) })).toEqual({
      ok: false,
      errors: { reference: "sbp" },
    });
  });

  test("a valid input, normalized; an empty note is none", () => {
    expect(checkCaseInput("sbp", { reference: SBP.toLowerCase(), note: "  " })).toEqual({
      ok: true,
      input: { reference: SBP, note: null },
    });
  });
});

describe("the pay page's case messages", () => {
  test.each([
    ["en", en],
    ["ru", ru],
    ["pt-BR", ptBR],
  ] as const)("%s has every one, none empty", (_name, dict) => {
    for (const key of CASE_MESSAGE_KEYS) expect(dict[key]?.trim(), key).toBeTruthy();
  });

  test("the translations differ from English (not copied over)", () => {
    for (const key of CASE_MESSAGE_KEYS) {
      expect(ru[key], key).not.toBe(en[key]);
      expect(ptBR[key], key).not.toBe(en[key]);
    }
  });
});
