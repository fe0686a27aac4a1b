/**
 * One rule for a time a client sends as a parameter (a query filter, a clock's target): an ISO 8601 time
 * with its offset, from 1970 to 9999 in UTC. Beyond that range JavaScript writes years as "+010000" or
 * "0000", which neither PostgreSQL nor PGlite reads back (a 500 before this rule).
 */
import { z } from "zod";

export const TIME_FLOOR = "1970-01-01T00:00:00Z";
export const TIME_CEILING = "9999-12-31T23:59:59Z";
const FLOOR_MS = Date.parse(TIME_FLOOR);
const CEILING_MS = Date.parse(TIME_CEILING);

/** True when `ms` is an instant the time rule admits. */
export function isTimeInRange(ms: number): boolean {
  return Number.isFinite(ms) && ms >= FLOOR_MS && ms <= CEILING_MS;
}

/** The first and last calendar days a list may filter on: each day's whole span lies inside the rule. */
export const FIRST_DAY = "1970-01-01";
export const LAST_DAY = "9999-12-30";

/** True when `day` (YYYY-MM-DD, a real calendar day) runs, to the next midnight, inside the rule. */
export function isDayInRange(day: string): boolean {
  return day >= FIRST_DAY && day <= LAST_DAY;
}

/** What a list says of a day filter that is not such a day. */
export const dayFilterMessage = (key: string) =>
  `"${key}" must be a date as YYYY-MM-DD, from ${FIRST_DAY} to ${LAST_DAY}`;

/** A time parameter under the rule; `example` goes into the message a refused one gets. */
export function isoTime(example: string) {
  const message = `Must be an ISO 8601 time from ${TIME_FLOOR} to ${TIME_CEILING}, e.g. ${example}`;
  return z.iso
    .datetime({ offset: true, abort: true, error: message })
    .refine((v) => isTimeInRange(Date.parse(v)), message);
}
