/**
 * The orders list's filters, search and page cursor as they live in the URL (GET form, so filters work
 * without JavaScript and links can be shared). Pure module: used by the page, the JSON route and the CSV
 * export alike, and safe in client components.
 */
import {
  dayFilterMessage,
  isCountryCode,
  isDayInRange,
  PAYIN_METHODS,
  PAYOUT_METHODS,
  textProblem,
} from "@/lib/contract";
import { ID_PREFIX_MIN_HEX } from "@/lib/contract/uuid-prefix";
import { parseCursor } from "@/lib/database/dashboard/keyset-cursor";
import type { KeysetPosition, OrderListFilters } from "@/lib/database/dashboard/list-types";

export { parseCursor };

export const ORDER_LIST_METHODS: readonly string[] = [
  ...new Set<string>([...PAYIN_METHODS, ...PAYOUT_METHODS]),
];

export type { OrderListFilters };
export type OrderListPage = KeysetPosition;

const FILTER_KEYS = ["direction", "method", "status", "country", "from", "to", "q"] as const;

/** A refused filter of a list page (orders, callbacks, request log): its field and why, shown by name. */
export interface FilterError<Field extends string = keyof OrderListFilters | keyof OrderListPage> {
  field: Field;
  message: string;
}

export type SearchParamsInput = URLSearchParams | Record<string, string | string[] | undefined>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `value` is a real calendar day written YYYY-MM-DD, inside the time rule (lib/contract/time-filter.ts). */
export function isDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value && isDayInRange(value);
}

const PAGE_KEYS = ["after", "before"] as const;

/** One URL parameter, trimmed; undefined when absent or blank. */
export function readParam(input: SearchParamsInput, key: string): string | undefined {
  const raw = input instanceof URLSearchParams ? input.get(key) : input[key];
  const value = Array.isArray(raw) ? raw[0] : raw;
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/**
 * Reads filters and cursor from the URL. Every invalid value is reported by field and left out, so the
 * caller can say exactly what was wrong (and a JSON/CSV route can refuse with 400).
 */
export function parseOrderListParams(input: SearchParamsInput): {
  filters: OrderListFilters;
  page: OrderListPage;
  errors: FilterError[];
  /** The filter values as typed (trimmed), so a form can show back what was wrong. */
  raw: Partial<Record<keyof OrderListFilters, string>>;
} {
  const errors: FilterError[] = [];
  // Text the product refuses (NUL, unpaired surrogates: lib/contract/text.ts) is reported and never used.
  const refused = new Set<string>();
  for (const key of [...FILTER_KEYS, ...PAGE_KEYS]) {
    const value = readParam(input, key);
    const problem = value === undefined ? undefined : textProblem(value);
    if (!problem) continue;
    refused.add(key);
    errors.push({ field: key, message: `"${key}" ${problem.charAt(0).toLowerCase()}${problem.slice(1)}` });
  }
  const readAccepted = (key: string) => (refused.has(key) ? undefined : readParam(input, key));

  const raw: Partial<Record<keyof OrderListFilters, string>> = {};
  for (const key of FILTER_KEYS) {
    const value = readAccepted(key);
    if (value !== undefined) raw[key] = value;
  }
  const filters: OrderListFilters = {};
  const page: OrderListPage = {};

  const direction = readAccepted("direction");
  if (direction === "payin" || direction === "payout") filters.direction = direction;
  else if (direction) errors.push({ field: "direction", message: "Direction must be payin or payout" });

  const method = readAccepted("method");
  if (method && ORDER_LIST_METHODS.includes(method)) filters.method = method;
  else if (method)
    errors.push({ field: "method", message: `Unknown payment method "${method.slice(0, 40)}"` });

  const status = readAccepted("status");
  if (status && status.length <= 64) filters.status = status;
  else if (status) errors.push({ field: "status", message: "Status must be at most 64 characters" });

  const country = readAccepted("country")?.toUpperCase();
  if (country && isCountryCode(country)) filters.country = country;
  else if (country)
    errors.push({ field: "country", message: "Country must be an ISO 3166-1 alpha-2 code (e.g. RU)" });

  for (const key of ["from", "to"] as const) {
    const day = readAccepted(key);
    if (day && isDay(day)) filters[key] = day;
    else if (day) errors.push({ field: key, message: dayFilterMessage(key) });
  }
  if (filters.from && filters.to && filters.from > filters.to) {
    errors.push({ field: "to", message: '"to" must not be before "from"' });
    delete filters.to;
  }

  const q = readAccepted("q");
  if (q && q.length < ID_PREFIX_MIN_HEX)
    errors.push({ field: "q", message: `Type at least ${ID_PREFIX_MIN_HEX} characters to search` });
  else if (q && q.length <= 254) filters.q = q;
  else if (q) errors.push({ field: "q", message: "Search must be at most 254 characters" });

  for (const key of PAGE_KEYS) {
    const cursor = readAccepted(key);
    if (cursor && parseCursor(cursor)) page[key] = cursor;
    else if (cursor)
      errors.push({ field: key, message: "Page position is malformed; start again from the first page" });
  }
  if (page.after && page.before) delete page.before;

  return { filters, page, errors, raw };
}

/** The query string of filters (and optionally a page), for links: "direction=payin&status=Success". */
export function orderListQuery(filters: OrderListFilters, page: OrderListPage = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, ...page })) {
    if (value) params.set(key, value);
  }
  return params.toString();
}

export function hasFilters(filters: OrderListFilters): boolean {
  return Object.values(filters).some(Boolean);
}
