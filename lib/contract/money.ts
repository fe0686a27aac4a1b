/**
 * Amounts travel as JSON numbers with at most two decimals (docs/architecture.md, Amounts and currency). We never add or compare them
 * in binary floating point: convert to integer minor units (cents) first.
 */
import { isRecord } from "./is-record";
import { numberLiteralAt } from "./json-literals";

const TWO_DECIMALS = /^-?(0|[1-9]\d*)(\.\d{1,2})?$/;

/**
 * Why an amount written as `text` is refused, or undefined when it is written exactly: plain digits, an
 * optional point and at most two decimals. Judged on the text because parsing hides what a float cannot hold
 * (1500.0000000000001 and 99.99999999999999999 both parse to two-decimal doubles). The sign and the range
 * are judged on the number, by the amount schema. Used on a JSON literal (numberLiteralAt) and on form text.
 */
export function amountTextProblem(text: string): string | undefined {
  if (/^-?\d+(\.\d{1,2})?$/.test(text)) return undefined;
  if (/^-?\d+\.\d{3,}$/.test(text)) return "Must have at most two decimals (e.g. 100.5 or 1500)";
  if (/^-?\d+(\.\d+)?[eE][+-]?\d+$/.test(text))
    return "Must be written without an exponent, with at most two decimals (e.g. 1000, not 1e3)";
  return "Must be a number greater than 0 with at most two decimals";
}

/**
 * The field error of a JSON body whose `amount` (at `path`) is a number written inexactly (see
 * amountTextProblem); `json` is the parsed body, `jsonText` its source.
 */
export function amountLiteralError(
  jsonText: string,
  json: unknown,
  path: readonly string[] = ["amount"],
): { path: string; message: string } | undefined {
  let value: unknown = json;
  for (const key of path) value = isRecord(value) ? value[key] : undefined;
  if (typeof value !== "number") return undefined;
  const literal = numberLiteralAt(jsonText, path);
  const message = literal === undefined ? undefined : amountTextProblem(literal);
  return message ? { path: path.join("."), message } : undefined;
}

/**
 * The largest amount the contract accepts (spec 2.7 sets no bound; ours keeps every amount's minor units
 * a safe integer, far above any per-method limit).
 */
export const MAX_AMOUNT = 1_000_000_000_000;

/**
 * True when `n` is a finite number whose shortest decimal form has at most two decimals
 * (1.1 and -1.5 yes; 0.1 + 0.2 = 0.30000000000000004 no; 1e21 no, it prints in exponent form).
 * The sign is not judged here: the amount schema checks "> 0" on its own, with its own message.
 */
export function hasAtMostTwoDecimals(n: number): boolean {
  return Number.isFinite(n) && TWO_DECIMALS.test(String(n));
}

/** 12.34 → 1234. Throws on a number that is not a two-decimal amount or whose cents exceed a safe integer. */
export function toMinorUnits(amount: number): number {
  const text = String(amount);
  if (!TWO_DECIMALS.test(text)) throw new RangeError(`not a two-decimal amount: ${text}`);
  const negative = text.startsWith("-");
  const [whole = "0", frac = ""] = text.replace("-", "").split(".");
  const minor = Number(whole) * 100 + Number(frac.padEnd(2, "0"));
  if (!Number.isSafeInteger(minor)) throw new RangeError(`amount too large for exact cents: ${text}`);
  // `0 - 0` would be -0; keep a plain zero.
  return negative && minor !== 0 ? -minor : minor;
}

/** 1234 → 12.34 (a JSON number that prints back exactly). */
export function fromMinorUnits(minor: number): number {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not an integer amount of minor units: ${minor}`);
  return Number(formatMinorUnits(minor));
}

/** 1234 → "12.34"; 5 → "0.05". */
export function formatMinorUnits(minor: number): string {
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
