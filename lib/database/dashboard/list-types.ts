/**
 * What the list queries (queries/order-list.ts, callback-list.ts, payment-api-calls.ts) take: their filters,
 * already checked by the URL parsers of the domain (lib/orders, lib/callbacks, lib/request-log
 * list-filters.ts), and a keyset page position. Pure: the parsers also run in the browser.
 */
import type { Direction } from "@/lib/contract";
import type { CallbackOutcome, CallErrorKind, CallKind } from "./schema";

/** A keyset position: the microsecond timestamp and id of a row, "1763798400123456_<uuid>" (keyset-cursor.ts). */
export interface KeysetPosition {
  after?: string;
  before?: string;
}

export interface OrderListFilters {
  direction?: Direction;
  method?: string;
  /** Any status string (the service's statuses are shown as-is). */
  status?: string;
  /** ISO 3166-1 alpha-2, upper case. */
  country?: string;
  /** Inclusive UTC calendar days, YYYY-MM-DD. */
  from?: string;
  to?: string;
  /**
   * paymentId, order id or the service's id (a full UUID or its first 4+ hex digits), or part of a client
   * email; at least 4 characters either way (fewer would match too much to be a search).
   */
  q?: string;
}

export interface CallbackListFilters {
  outcome?: CallbackOutcome;
  /** The payment method of the order a delivery touched. */
  method?: string;
  /** Inclusive UTC calendar days, YYYY-MM-DD, of receipt. */
  from?: string;
  to?: string;
}

export interface CallListFilters {
  /** An order, as the orders list's search finds it: its id, paymentId or service id (or their start). */
  order?: string;
  call?: CallKind;
  /** An HTTP status ("404"), a class of them ("4xx"), or why no answer came ("timeout", "network"). */
  status?: string;
  /** Whose action it was: a user's email (lower case), or WHO_SYSTEM for the dashboard itself. */
  who?: string;
  /** Inclusive UTC calendar days, YYYY-MM-DD, of the attempt's start. */
  from?: string;
  to?: string;
  /** "1": the bank-directory reads are shown too (left out by default, unless `call` asks for them). */
  banks?: "1";
}

/** The request log's `who` for calls no person caused (the dashboard's own resends). */
export const WHO_SYSTEM = "system";

/** What a `status` filter matches: a range of HTTP statuses, or a kind of missing answer. */
export type StatusMatch = { low: number; high: number } | { errorKind: CallErrorKind };

/** The match of a status filter ("404", "4xx", "timeout", "network"), or null when it is none of them. */
export function statusMatch(status: string): StatusMatch | null {
  const value = status.toLowerCase();
  if (value === "timeout" || value === "network") return { errorKind: value };
  const code = /^([1-5])(\d\d|xx)$/.exec(value);
  if (!code) return null;
  const low = Number(`${code[1]}${code[2] === "xx" ? "00" : code[2]}`);
  return { low, high: code[2] === "xx" ? low + 99 : low };
}
