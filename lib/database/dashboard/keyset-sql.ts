/**
 * The SQL half of the lists' keyset position "<time in microseconds>_<id>" (keyset-cursor.ts is the pure half,
 * which the URL parsers share): one rule for every list (orders, callbacks, request log).
 */
import { type RawBuilder, sql as raw } from "kysely";

/** A row's cursor text, from its time and id columns (Kysely references, e.g. "d.receivedAt", "d.id"). */
export function cursorOf(time: string, id: string): RawBuilder<string> {
  return raw<string>`(extract(epoch FROM ${raw.ref(time)}) * 1000000)::bigint::text || '_' || ${raw.ref(id)}::text`;
}

/** A cursor's time (its microseconds, a parameter) as a timestamptz, to compare with the time column. */
export function cursorTime(micros: unknown): RawBuilder<Date> {
  return raw<Date>`'epoch'::timestamptz + ${micros}::bigint * interval '1 microsecond'`;
}
