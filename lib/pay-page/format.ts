/**
 * Display formats of the pay page, per locale: amounts (Intl with the currency), deadlines, card numbers
 * and phone numbers. Pure functions: the server renders their output, the tests pin it.
 */
import { moneyFormat } from "@/lib/format/money";
import type { Locale } from "@/lib/i18n";

export interface AmountParts {
  /** Everything before the cents, currency sign included where the locale puts it first. */
  main: string;
  /** Decimal separator and the cents ("," + "56"): shown emphasised. */
  cents: string;
  /** What follows the cents (" ₽" in Russian). */
  suffix: string;
  /** The whole formatted amount as one string. */
  text: string;
}

/** A two-decimal string ("1234.56", as numeric(18,2) comes back) → its parts in `locale`, to the cent. */
export function formatAmountParts(amount: string, currency: string | undefined, locale: Locale): AmountParts {
  if (!/^\d+(\.\d{1,2})?$/.test(amount)) throw new RangeError(`not a two-decimal amount: ${amount}`);
  // A decimal string is formatted exactly (Intl.NumberFormat v3), never through a binary float.
  const parts = moneyFormat(locale, currency).formatToParts(amount as Intl.StringNumericLiteral);
  const decimalAt = parts.findIndex((p) => p.type === "decimal");
  const fractionAt = parts.findIndex((p) => p.type === "fraction");
  const join = (list: Intl.NumberFormatPart[]) => list.map((p) => p.value).join("");
  if (decimalAt < 0 || fractionAt < 0) {
    const text = join(parts);
    return { main: text, cents: "", suffix: "", text };
  }
  return {
    main: join(parts.slice(0, decimalAt)),
    cents: join(parts.slice(decimalAt, fractionAt + 1)),
    suffix: join(parts.slice(fractionAt + 1)),
    text: join(parts),
  };
}

/** The currency's name in the page's language ("российский рубль", "Real brasileiro"). */
export function currencyName(currency: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([locale], { type: "currency" }).of(currency) ?? currency;
  } catch {
    return currency;
  }
}

/**
 * The time zone a country's customers read the deadline in: the capital's, for every country the order
 * forms suggest, a method serves or the currency table knows (time-zone.test.ts holds it to that); elsewhere
 * UTC. The deadline always carries the zone's name, so a customer elsewhere in a wide country can tell.
 */
const TIME_ZONE_BY_COUNTRY: Record<string, string> = {
  RU: "Europe/Moscow",
  BR: "America/Sao_Paulo",
  KZ: "Asia/Almaty",
  BY: "Europe/Minsk",
  UZ: "Asia/Tashkent",
  KG: "Asia/Bishkek",
  TJ: "Asia/Dushanbe",
  AM: "Asia/Yerevan",
  AZ: "Asia/Baku",
  GE: "Asia/Tbilisi",
  TR: "Europe/Istanbul",
  IN: "Asia/Kolkata",
  US: "America/New_York",
  GB: "Europe/London",
  DE: "Europe/Berlin",
  FR: "Europe/Paris",
  ES: "Europe/Madrid",
  IT: "Europe/Rome",
  PT: "Europe/Lisbon",
  NL: "Europe/Amsterdam",
  AR: "America/Argentina/Buenos_Aires",
  MX: "America/Mexico_City",
  CL: "America/Santiago",
  CO: "America/Bogota",
  PE: "America/Lima",
};

export function timeZoneForCountry(country: string): string {
  return TIME_ZONE_BY_COUNTRY[country] ?? "UTC";
}

/** "22 нояб., 14:35 MSK" / "22 de nov., 08:35 BRT" / "Nov 22, 2:35 PM UTC". */
export function formatDeadline(at: Date, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, {
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  }).format(at);
}

/** "2200 2001 4567 8126": groups of four, whatever separators the service sent. */
export function formatCardNumber(cardNumber: string): string {
  const digits = cardNumber.replace(/\D/g, "");
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/**
 * A phone number as its own country writes it, chosen by its calling code:
 * +7 916 123-45-67 (RU), +7 701 234 56 78 (KZ), +55 11 91234-5678 (BR); other codes in groups of three.
 */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  let m = /^7(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(digits);
  if (m) {
    // Kazakhstan shares +7: its mobile and city codes start with 6 or 7 and are written without dashes.
    const kz = m[1]!.startsWith("6") || m[1]!.startsWith("7");
    return kz ? `+7 ${m[1]} ${m[2]} ${m[3]} ${m[4]}` : `+7 ${m[1]} ${m[2]}-${m[3]}-${m[4]}`;
  }
  m = /^55(\d{2})(\d{4,5})(\d{4})$/.exec(digits);
  if (m) return `+55 ${m[1]} ${m[2]}-${m[3]}`;
  if (digits.length < 7) return phone;
  const rest = digits.replace(/(\d{3})(?=\d)/g, "$1 ");
  return phone.trim().startsWith("+") ? `+${rest}` : rest;
}
