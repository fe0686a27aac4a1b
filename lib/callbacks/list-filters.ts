/**
 * The Callbacks page's filters and page position as they live in the URL (a GET form: shareable, works
 * without JavaScript). Pure module: the page, the bulk re-apply action and the tests read them alike.
 */
import { dayFilterMessage, textProblem } from "@/lib/contract";
import type { CallbackListFilters, KeysetPosition } from "@/lib/database/dashboard/list-types";
import type { CallbackOutcome } from "@/lib/database/dashboard/schema";
import { parseCursor } from "@/lib/database/dashboard/keyset-cursor";
import {
  type FilterError,
  isDay,
  ORDER_LIST_METHODS,
  readParam,
  type SearchParamsInput,
} from "@/lib/orders/list-filters";
import { isCallbackOutcome, OUTCOME_FILTER_TEXT } from "./outcomes";

/** Deliveries one "Re-apply all" goes through at most; its answer says so when a filter holds more. */
export const BULK_REAPPLY_LIMIT = 1000;

export type { CallbackListFilters };
export type CallbackListPage = KeysetPosition;

export type CallbackFilterError = FilterError<keyof CallbackListFilters | keyof CallbackListPage>;

const FILTER_KEYS = ["outcome", "method", "from", "to"] as const;
const KEYS = [...FILTER_KEYS, "after", "before"] as const;
/** Reads the filters; each refused value is named in `errors` and left out. */
export function parseCallbackListParams(input: SearchParamsInput): {
  filters: CallbackListFilters;
  page: CallbackListPage;
  errors: CallbackFilterError[];
} {
  const filters: CallbackListFilters = {};
  const page: CallbackListPage = {};
  const errors: CallbackFilterError[] = [];
  for (const key of KEYS) {
    const value = readParam(input, key);
    if (value === undefined) continue;
    const problem = textProblem(value);
    if (problem) {
      errors.push({ field: key, message: `"${key}": ${problem}` });
      continue;
    }
    switch (key) {
      case "outcome":
        if (isCallbackOutcome(value)) filters.outcome = value;
        else errors.push({ field: key, message: `Unknown outcome "${value.slice(0, 40)}"` });
        break;
      case "method":
        if (ORDER_LIST_METHODS.includes(value)) filters.method = value;
        else errors.push({ field: key, message: `Unknown payment method "${value.slice(0, 40)}"` });
        break;
      case "from":
      case "to":
        if (isDay(value)) filters[key] = value;
        else errors.push({ field: key, message: dayFilterMessage(key) });
        break;
      default:
        if (parseCursor(value)) page[key] = value;
        else
          errors.push({ field: key, message: "Page position is malformed; start again from the first page" });
    }
  }
  if (filters.from && filters.to && filters.from > filters.to) {
    errors.push({ field: "to", message: '"to" must not be before "from"' });
    delete filters.to;
  }
  if (page.after && page.before) delete page.before;
  return { filters, page, errors };
}

/** The query string of filters (and optionally a page position), for links. */
export function callbackListQuery(filters: CallbackListFilters, page: CallbackListPage = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, ...page })) if (value) params.set(key, value);
  return params.toString();
}

/** The filters in words, for the re-apply confirmation and the activity log: 'outcome “Unknown order”, method “SBP”' or "all". */
export function describeCallbackFilters(filters: Record<string, unknown>): string {
  // In the page's order, whatever the object's (a jsonb column gives its keys back in an order of its own).
  const parts = FILTER_KEYS.map((k) => [k, filters[k]] as const)
    .filter(([, v]) => typeof v === "string" && v !== "")
    .map(([k, v]) => `${k} “${k === "outcome" ? (OUTCOME_FILTER_TEXT[v as CallbackOutcome] ?? v) : v}”`);
  return parts.length ? parts.join(", ") : "all";
}
