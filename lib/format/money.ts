/**
 * Money as a person reads it in their locale ("49 999,00 ₽", "R$ 1.500,00", "RUB 1,500.00" in en): one
 * Intl format for the pay page and the dashboard. Amounts go in as decimal strings, formatted exactly
 * (Intl.NumberFormat v3), never through a binary float. Pure: safe on server and client.
 */
import { formatMinorUnits } from "@/lib/contract";

/** Two decimals always; the currency's narrow symbol where the locale has one. An unknown locale falls back to en. */
export function moneyFormat(locale: string, currency: string | undefined): Intl.NumberFormat {
  const options: Intl.NumberFormatOptions = {
    ...(currency ? { style: "currency", currency, currencyDisplay: "narrowSymbol" } : {}),
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  };
  try {
    return new Intl.NumberFormat(locale, options);
  } catch {
    return new Intl.NumberFormat("en", options);
  }
}

/** 4999900 minor units of RUB in ru-RU → "49 999,00 ₽". */
export function formatMinorMoney(minor: number, currency: string | undefined, locale: string): string {
  return moneyFormat(locale, currency).format(formatMinorUnits(minor) as Intl.StringNumericLiteral);
}
