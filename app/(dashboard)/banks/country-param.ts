/** The `?country=` of /banks: parsed and validated before any call is made. Pure. */
import { isCountryCode } from "@/lib/contract";

export const DEFAULT_COUNTRY = "RU";

/** The countries offered in the chooser; any other ISO code can be typed in. */
export const CHOOSER_COUNTRIES = ["RU", "BR", "KZ"] as const;

export type CountryParam = { ok: true; country: string } | { ok: false; input: string; message: string };

/** Longest input echoed back in an error message. */
const MAX_ECHO = 24;

export function parseCountryParam(value: string | string[] | undefined): CountryParam {
  if (Array.isArray(value)) {
    return {
      ok: false,
      input: value.join(", ").slice(0, MAX_ECHO),
      message: "Give one country code, not several",
    };
  }
  const input = (value ?? "").trim();
  if (input === "") return { ok: true, country: DEFAULT_COUNTRY };
  // Case is forgiven ("kz" means KZ); anything else must be an assigned ISO 3166-1 alpha-2 code.
  const code = input.toUpperCase();
  const echo = input.slice(0, MAX_ECHO);
  if (!/^[A-Z]{2}$/.test(code)) {
    return {
      ok: false,
      input: echo,
      message: "Must be a two-letter ISO 3166-1 alpha-2 country code, e.g. RU",
    };
  }
  if (!isCountryCode(code)) {
    return { ok: false, input: echo, message: `${code} is not an assigned ISO 3166-1 alpha-2 country code` };
  }
  return { ok: true, country: code };
}

export function countryName(country: string): string {
  try {
    return new Intl.DisplayNames(["en"], { type: "region" }).of(country) ?? country;
  } catch {
    return country;
  }
}
