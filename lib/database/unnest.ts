/**
 * Many rows inserted as one array a column, unnested into rows (`INSERT … SELECT * FROM unnest($1::uuid[],
 * …)`): one statement text whatever the number of rows, so prepare() compiles it once and the server parses and
 * plans one small statement, where a VALUES list of n rows has n × columns parameters and a text of its own for
 * every n. Used by the sandbox's batched writes (its orders' group commit, its request log).
 */
import { type RawBuilder, sql as raw } from "kysely";

/**
 * A batched insert's column list, `everyColumn<Row>()([…])`: it must name every column of `Row`, so a column added
 * to the schema but not to the list fails to compile (the error names what is missing).
 */
export function everyColumn<Row>() {
  return <const C extends readonly (keyof Row & string)[]>(
    columns: C &
      ([Exclude<keyof Row, C[number]>] extends [never]
        ? unknown
        : { missing: Exclude<keyof Row, C[number]> }),
  ): C => columns;
}

/** Each column's array of values as text, what `unnestRows` unnests. */
export type ColumnArrays<C extends string> = Record<C, (string | null)[]>;

/** Each column's array of values as text (null stays null; a Date as ISO 8601), in the rows' order. */
export function columnArrays<C extends string>(
  columns: readonly C[],
  rows: readonly Record<C, unknown>[],
): ColumnArrays<C> {
  return Object.fromEntries(columns.map((c) => [c, rows.map((row) => asText(row[c]))])) as ColumnArrays<C>;
}

function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString() : String(value);
}

/** `unnest($1::type[], …) AS u`, one array a column in `columns`' order, each cast to its SQL type. */
export function unnestRows<C extends string>(
  columns: readonly C[],
  sqlTypes: Record<C, string>,
  arrays: Record<C, unknown>,
) {
  const each: RawBuilder<unknown>[] = columns.map((c) => raw`${arrays[c]}::${raw.raw(sqlTypes[c])}[]`);
  return raw`unnest(${raw.join(each)})`.as("u");
}
