/**
 * The SQL half of the lists' keyset position "<time in microseconds>_<id>" (keyset-cursor.ts is the pure half,
 * which the URL parsers share): one rule for every list (orders, callbacks, request log).
 */
import { type RawBuilder, type SqlBool, sql as raw } from "kysely";

/** A row's cursor text, from its time and id columns (Kysely references, e.g. "d.receivedAt", "d.id"). */
export function cursorOf(time: string, id: string): RawBuilder<string> {
  return raw<string>`(extract(epoch FROM ${raw.ref(time)}) * 1000000)::bigint::text || '_' || ${raw.ref(id)}::text`;
}

/** A cursor's time (its microseconds, a parameter) as a timestamptz, to compare with the time column. */
export function cursorTime(micros: unknown): RawBuilder<Date> {
  return raw<Date>`'epoch'::timestamptz + ${micros}::bigint * interval '1 microsecond'`;
}

/**
 * The rows past `cursor` in a list's order, newest first: older ones, or newer ones going `backwards`. A row
 * comparison on (time, id), which the list's (time, id) index serves.
 */
export function pastCursor(
  time: string,
  id: string,
  cursor: { micros: string; id: string },
  backwards: boolean,
): RawBuilder<SqlBool> {
  return raw<SqlBool>`(${raw.ref(time)}, ${raw.ref(id)}) ${raw.raw(backwards ? ">" : "<")} (${cursorTime(cursor.micros)}, ${cursor.id})`;
}
