/**
 * The request log's filters and page position as they live in the URL (a GET form: shareable, works without
 * JavaScript). Pure module: the page, the CSV export and the tests read them alike.
 */
import { dayFilterMessage, textProblem } from "@/lib/contract";
import { parseCursor } from "@/lib/database/dashboard/keyset-cursor";
import { type FilterError, isDay, readParam, type SearchParamsInput } from "@/lib/orders/list-filters";
import { isCallKind } from "@/lib/payment-api/call-kinds";
import {
  type CallListFilters,
  type KeysetPosition,
  statusMatch,
  WHO_SYSTEM,
} from "@/lib/database/dashboard/list-types";

/** Rows one CSV export holds at most (the newest of the filter). */
export const REQUEST_LOG_EXPORT_CAP = 10_000;

export type { CallListFilters };
export type CallListPage = KeysetPosition;

export type CallFilterError = FilterError<keyof CallListFilters | keyof CallListPage>;

export { statusMatch, WHO_SYSTEM };
const EMAIL = /^[^\s@]+@[^\s@]+$/;

const KEYS = ["order", "call", "status", "who", "from", "to", "banks", "after", "before"] as const;

/** Reads the filters; each refused value is named in `errors` and left out. */
export function parseCallListParams(input: SearchParamsInput): {
  filters: CallListFilters;
  page: CallListPage;
  errors: CallFilterError[];
  /** The filter values as typed (trimmed), so a form can show back what was wrong. */
  raw: Partial<Record<keyof CallListFilters, string>>;
} {
  const filters: CallListFilters = {};
  const raw: Partial<Record<keyof CallListFilters, string>> = {};
  const page: CallListPage = {};
  const errors: CallFilterError[] = [];
  const refuse = (field: CallFilterError["field"], message: string) => errors.push({ field, message });
  for (const key of KEYS) {
    const value = readParam(input, key);
    if (value === undefined) continue;
    const problem = textProblem(value);
    if (!problem && key !== "after" && key !== "before") raw[key] = value;
    if (problem) {
      refuse(key, `"${key}": ${problem}`);
      continue;
    }
    switch (key) {
      case "order":
        if (value.length <= 254) filters.order = value;
        else refuse(key, "Order must be at most 254 characters");
        break;
      case "call":
        if (isCallKind(value)) filters.call = value;
        else refuse(key, `Unknown call "${value.slice(0, 40)}"`);
        break;
      case "status":
        if (statusMatch(value)) filters.status = value.toLowerCase();
        else refuse(key, "Status must be an HTTP status (404), a class (4xx), timeout or network");
        break;
      case "who":
        if (value === WHO_SYSTEM || (value.length <= 254 && EMAIL.test(value)))
          filters.who = value.toLowerCase();
        else refuse(key, `"who" must be a user's email or "${WHO_SYSTEM}"`);
        break;
      case "banks":
        if (value === "1") filters.banks = "1";
        else refuse(key, '"banks" must be 1 (show the bank-directory reads) or left out');
        break;
      case "from":
      case "to":
        if (isDay(value)) filters[key] = value;
        else refuse(key, dayFilterMessage(key));
        break;
      default:
        if (parseCursor(value)) page[key] = value;
        else refuse(key, "Page position is malformed; start again from the first page");
    }
  }
  if (filters.from && filters.to && filters.from > filters.to) {
    refuse("to", '"to" must not be before "from"');
    delete filters.to;
  }
  if (page.after && page.before) delete page.before;
  return { filters, page, errors, raw };
}

/** The query string of filters (and optionally a page position), for links. */
export function callListQuery(filters: CallListFilters, page: CallListPage = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, ...page })) if (value) params.set(key, value);
  return params.toString();
}
