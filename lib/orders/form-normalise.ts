/**
 * Form-only conveniences, applied before the contract validates: what a person types (spaces in a card
 * number, "1 500,50", a one-digit month) becomes what the contract expects. Pure, shared by the browser
 * forms and the server actions.
 */
import { z } from "zod";
import { acceptedText, fromMinorUnits, parseAmountText } from "@/lib/contract";

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
 * The amount as typed → what the request carries: the number it reads as (lib/contract/amount-text.ts:
 * "1 500,50", "1.500,50" and "1500.5" alike), undefined when empty (the contract says "Required"), or the
 * trimmed text itself when it is refused, so that the contract's amount field says why ("Ambiguous: …").
 */
export function amountNumber(value: string | undefined): number | string | undefined {
  const t = optionalText(value);
  if (t === undefined) return undefined;
  const reading = parseAmountText(t);
  return reading.ok ? fromMinorUnits(reading.minor) : t;
}

export const AMOUNT_AS_TEXT_MESSAGE =
  'Must be the amount as text, e.g. "1500.50" (a number has lost its decimals)';

/**
 * The amount field of the forms' schemas: text only. Its exactness is judged on the digits as typed; a JSON
 * number sent straight to an action was already rounded by the parser (99.99999999999999999 arrives as 100).
 */
export const amountTextSchema = z.string(AMOUNT_AS_TEXT_MESSAGE).check(acceptedText()).optional();

/**
 * What the browser sends an order action: the form schema's output (only the fields the chosen method uses)
 * with the amount back as text, which the action judges again. The number came from text of at most two
 * decimals, so its shortest form ("1500.5") is that text.
 */
export function actionValues<T>(request: T): unknown {
  if (typeof request !== "object" || request === null || !("amount" in request)) return request;
  const { amount } = request as { amount: unknown };
  return { ...request, amount: typeof amount === "number" ? String(amount) : amount };
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
