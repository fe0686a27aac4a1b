/**
 * Form-only conveniences, applied before the contract validates: what a person types (spaces in a card
 * number, "1 500,50", a one-digit month) becomes what the contract expects. Pure, shared by the browser
 * forms and the server actions.
 */
import { amountTextProblem } from "@/lib/contract";

/** Trimmed text, or undefined when empty (an empty optional input means "not given"). */
export function optionalText(value: string | undefined): string | undefined {
  const t = value?.trim();
  return t ? t : undefined;
}

/** "4111 1111-1111 1111" → "4111111111111111". */
export function digitsOnly(value: string | undefined): string | undefined {
  const t = optionalText(value);
  return t === undefined ? undefined : t.replace(/[\s-]/g, "");
}

/** "+7 (900) 123-45-67" → "+79001234567". */
export function phoneText(value: string | undefined): string | undefined {
  const t = optionalText(value);
  return t === undefined ? undefined : t.replace(/[\s().-]/g, "");
}

/**
 * "1 500,50" / "1500.5" → a number; empty → undefined (the contract says "Required"); anything else → NaN
 * (the contract says "Must be a number ... with at most two decimals"). Judged on the text: "1500.0000000000001"
 * would parse to 1500, so more than two decimals is refused here, before parsing hides them.
 */
export function amountNumber(value: string | number | undefined): number | undefined {
  if (typeof value === "number") return value;
  const t = optionalText(value);
  if (t === undefined) return undefined;
  const normalised = t.replace(/[\s\u00a0]/g, "").replace(",", ".");
  return /^\d+(\.\d+)?$/.test(normalised) && amountTextProblem(normalised) === undefined
    ? Number(normalised)
    : Number.NaN;
}

/** A bank id from a select/picker ("" = none). */
export function bankIdNumber(value: string | number | undefined): number | undefined {
  if (typeof value === "number") return value;
  const t = optionalText(value);
  if (t === undefined) return undefined;
  return /^\d+$/.test(t) ? Number(t) : Number.NaN;
}

/** "1" → "01", "2029" → "29"; anything else unchanged for the contract to judge. */
export function expiryMonthText(value: string | undefined): string | undefined {
  const t = optionalText(value);
  return t !== undefined && /^\d$/.test(t) ? `0${t}` : t;
}
export function expiryYearText(value: string | undefined): string | undefined {
  const t = optionalText(value);
  return t !== undefined && /^20\d{2}$/.test(t) ? t.slice(2) : t;
}

/** Upper-cased country code. */
export function countryText(value: string | undefined): string | undefined {
  return optionalText(value)?.toUpperCase();
}

/** Drops keys whose value is undefined (so the request holds only what was given). */
export function compact<T extends Record<string, unknown>>(obj: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(obj) as [keyof T, T[keyof T]][]) {
    if (v !== undefined) out[k] = v;
  }
  return out;
}

/** Groups digits in fours for display: "4111111111111111" → "4111 1111 1111 1111". */
export function groupCardNumber(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}
