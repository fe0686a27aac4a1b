/**
 * The one UUID rule: 8-4-4-4-12 hex digits, any version or variant, either case (what a PostgreSQL uuid
 * column takes as text). Schemas check it with anyUuid(), plain code with isUuid() or UUID_PATTERN; it is
 * zod's `guid` rule, so the two cannot drift apart. A paymentId is stricter: a UUID v4 (fields.ts, uuidV4).
 */
import { z } from "zod";

export const UUID_PATTERN: RegExp = z.regexes.guid;
/** UUID_PATTERN without its anchors, as one group: for a pattern with a UUID inside it. */
export const UUID_GROUP = UUID_PATTERN.source.slice(1, -1);

/** A malformed id would be a database error rather than "not found": callers check it first. */
export function isUuid(text: string): boolean {
  return UUID_PATTERN.test(text);
}

/** A string field that must be a UUID (UUID_PATTERN); `params` as zod's (a message, or { error }). */
export function anyUuid(params?: Parameters<typeof z.guid>[0]): z.ZodGUID {
  return z.guid(params);
}
