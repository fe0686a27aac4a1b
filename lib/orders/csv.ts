/** CSV (RFC 4180) with spreadsheet formula injection neutralised. Pure. */

/** Cells a spreadsheet would run as a formula start with one of these. */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  let text = value instanceof Date ? value.toISOString() : value;
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record with its CRLF line end. */
export function csvLine(values: readonly (string | number | Date | null | undefined)[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}
