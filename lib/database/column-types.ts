/** Column types both databases' schemas share (lib/database/dashboard/schema.ts, lib/database/sandbox/schema.ts). */
import type { ColumnType } from "kysely";

/** A jsonb column: read as `T`, written as JSON text (null when `T` admits null). */
export type Json<T> = null extends T
  ? ColumnType<T, string | null, string | null>
  : ColumnType<T, string, string>;
/** A column with a database default. */
export type Defaulted<T> = ColumnType<T, T | undefined, T>;
