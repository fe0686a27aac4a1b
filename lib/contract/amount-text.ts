/**
 * An amount as people write it (docs/guide.md, Amounts and currency): the one reading of typed and uploaded
 * amounts, shared by the order forms, the approval thresholds and pay-out files. Russian staff write
 * `1 500,50`, Brazilian `1.500,50`, English `1,500.50`; all mean 150050 minor units. Text that two of those
 * habits read differently (`1,500`: one and a half, or fifteen hundred?) is refused with both readings,
 * never guessed: a guess is a pay-out a thousand times too large or too small.
 */
import { MAX_AMOUNT } from "./money";

export type AmountTextReading = { ok: true; minor: number } | { ok: false; message: string };

/** Spaces that group digits: the space, NBSP (Excel, Word) and the narrow NBSP (Intl's ru-RU and fr output). */
const GROUP_SPACE = /[ \u00a0\u202f\u2007\u2009]/;

// A no-break space in "1 500,50", so the example never wraps between its digits.
export const AMOUNT_EXAMPLES = "e.g. 1\u00a0500,50 or 1500.50";
const NOT_AN_AMOUNT = `Must be a number greater than 0 with at most two decimals (${AMOUNT_EXAMPLES})`;
const TOO_MANY_DECIMALS = "Must have at most two decimals (e.g. 100.5 or 1500)";
const BAD_GROUPS = "Digits between thousands separators come in threes (e.g. 1\u00a0500\u00a0000,50)";
const GREATER_THAN_ZERO = "Must be greater than 0";
const EXPONENT =
  "Must be a number written without an exponent, with at most two decimals (e.g. 1000, not 1e3)";

const refuse = (message: string): AmountTextReading => ({ ok: false, message });

/** "1 500 000" / "1.500.000" split on `separator`: a lead of 1–3 digits, then groups of exactly three. */
function groupedDigits(text: string, separator: string | RegExp): string | undefined {
  const groups = text.split(separator);
  const [lead = "", ...rest] = groups;
  if (!/^\d{1,3}$/.test(lead) || (lead.startsWith("0") && rest.length > 0)) return undefined;
  return rest.every((g) => /^\d{3}$/.test(g)) ? groups.join("") : undefined;
}

/** "1.500" read with a decimal mark: "1.5"; "10.123" stays. For the ambiguity's message. */
function asDecimal(whole: string, fraction: string): string {
  const f = fraction.replace(/0+$/, "");
  return f ? `${whole}.${f}` : whole;
}

function minorOf(whole: string, fraction: string): AmountTextReading {
  if (fraction.length > 2) return refuse(TOO_MANY_DECIMALS);
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (minor === 0) return refuse(GREATER_THAN_ZERO);
  if (!Number.isSafeInteger(minor) || minor > MAX_AMOUNT * 100)
    return refuse(`Must be at most ${MAX_AMOUNT}`);
  return { ok: true, minor };
}

/**
 * Reads `raw` as an amount: digits; spaces (any kind) or the mark that is not the decimal one as thousands
 * separators, in groups of three; a decimal comma or point with one or two digits after it. Refuses a sign,
 * an exponent, letters, more than two decimals, badly grouped digits, zero, more than MAX_AMOUNT, and a
 * lone `,` or `.` followed by exactly three digits where it could group thousands (`1,500`, `10.123`).
 */
export function parseAmountText(raw: string): AmountTextReading {
  const text = raw.trim();
  if (text.startsWith("-")) return refuse(GREATER_THAN_ZERO);
  if (/^\d+([.,]\d+)?[eE][+-]?\d+$/.test(text)) return refuse(EXPONENT);
  if (!/^\d[\d ,.\u00a0\u202f\u2007\u2009]*$/.test(text) || /\D$/.test(text)) return refuse(NOT_AN_AMOUNT);
  const spaced = GROUP_SPACE.test(text);
  const lastComma = text.lastIndexOf(",");
  const lastPoint = text.lastIndexOf(".");
  const marks = (text.match(/[.,]/g) ?? []).length;

  // No mark: whole units, perhaps grouped by spaces.
  if (marks === 0) {
    const digits = spaced ? groupedDigits(text, GROUP_SPACE) : text;
    return digits === undefined ? refuse(BAD_GROUPS) : minorOf(digits, "");
  }
  // The decimal mark is the last mark when the other kind also appears, or when it appears once.
  const decimalAt = Math.max(lastComma, lastPoint);
  const decimalMark = text[decimalAt] as "," | ".";
  const otherMark = decimalMark === "," ? "." : ",";
  const sameMarks = text.split(decimalMark).length - 1;
  const whole = text.slice(0, decimalAt);
  const fraction = text.slice(decimalAt + 1);

  if (sameMarks > 1) {
    // "1.500.000" or "1,500,000": the mark groups thousands; a decimal mark of the other kind can't precede it.
    if (text.includes(otherMark) || spaced) return refuse(BAD_GROUPS);
    const digits = groupedDigits(text, decimalMark);
    return digits === undefined ? refuse(BAD_GROUPS) : minorOf(digits, "");
  }
  if (!/^\d+$/.test(fraction)) return refuse(NOT_AN_AMOUNT);
  const groupSeparator = whole.includes(otherMark) ? otherMark : spaced ? GROUP_SPACE : undefined;
  if (groupSeparator === otherMark && spaced) return refuse(BAD_GROUPS);
  const wholeDigits = groupSeparator === undefined ? whole : groupedDigits(whole, groupSeparator);
  if (wholeDigits === undefined || wholeDigits === "") return refuse(BAD_GROUPS);

  // A lone mark before exactly three digits, where it could just as well group thousands.
  const couldGroup = groupSeparator === undefined && /^[1-9]\d{0,2}$/.test(whole) && fraction.length === 3;
  if (couldGroup) {
    const asGroup = `${whole}${fraction}`;
    return refuse(
      `Ambiguous: "${text}" could be ${asDecimal(whole, fraction)} or ${asGroup}. Write ${asGroup} without ` +
        `the separator, or give two decimals (${whole}${decimalMark}${fraction.slice(0, 2)})`,
    );
  }
  return minorOf(wholeDigits, fraction);
}

/**
 * The contract's amount field's message for an amount that arrived as text: why the text is refused, or,
 * when the text reads well, that the field takes a JSON number (the forms send the number they read).
 */
export function amountTextRefusal(text: string): string {
  const reading = parseAmountText(text);
  return reading.ok ? 'Must be a JSON number, not text (e.g. 1500.5, not "1500.5")' : reading.message;
}
