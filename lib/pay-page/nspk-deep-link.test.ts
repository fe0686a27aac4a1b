import { describe, expect, test } from "vitest";
import { buildBankAppLink, isNspkLink } from "./nspk-deep-link";
import { listBankApps } from "./reference-banks";

const LINK =
  "https://qr.nspk.ru/BS1A2B3C4D5E6F7G8H9J0K1L2M3N4P5Q6?type=02&bank=100000000111&sum=123456&cur=RUB&crc=AB12";

describe("bank-app deep links", () => {
  const apps = listBankApps("ru");
  const scheme = (name: string) => apps.find((a) => a.name === name)!.scheme;

  test("Sberbank: its scheme from NSPK's list replaces https", () => {
    expect(scheme("Сбербанк")).toBe("bank100000000111");
    expect(buildBankAppLink(LINK, scheme("Сбербанк"))).toBe(
      "bank100000000111://qr.nspk.ru/BS1A2B3C4D5E6F7G8H9J0K1L2M3N4P5Q6?type=02&bank=100000000111&sum=123456&cur=RUB&crc=AB12",
    );
  });

  test("VTB: the scheme is bank110000000005, not derived from member id 100000000005", () => {
    expect(scheme("Банк ВТБ")).toBe("bank110000000005");
    expect(buildBankAppLink(LINK, scheme("Банк ВТБ"))).toBe(
      "bank110000000005://qr.nspk.ru/BS1A2B3C4D5E6F7G8H9J0K1L2M3N4P5Q6?type=02&bank=100000000111&sum=123456&cur=RUB&crc=AB12",
    );
  });

  test("apps keep NSPK's order (largest banks first) and every one has a scheme", () => {
    expect(apps.slice(0, 3).map((a) => a.name)).toEqual(["Сбербанк", "Т-Банк", "Банк ВТБ"]);
    expect(apps).toHaveLength(192);
    for (const a of apps) expect(a.scheme).toMatch(/^[a-z][a-z0-9+.-]*$/i);
  });

  test("search text holds the Latin spelling and the English name", () => {
    const sber = apps.find((a) => a.scheme === "bank100000000111")!;
    expect(sber.searchText).toContain("sberbank");
    expect(apps.find((a) => a.scheme === "bank110000000005")!.searchText).toContain("vtb");
  });

  test("refuses a link that is not NSPK's and a malformed scheme", () => {
    expect(isNspkLink("https://evil.example/x")).toBe(false);
    expect(() => buildBankAppLink("https://evil.example/x", "bank100000000111")).toThrow(/NSPK/);
    expect(() => buildBankAppLink("javascript:alert(1)", "bank100000000111")).toThrow(/NSPK/);
    expect(() => buildBankAppLink(LINK, "bank 1://")).toThrow(/scheme/);
  });
});
