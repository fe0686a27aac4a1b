/**
 * The rows of an Excel workbook (.xlsx) as a pay-out file's records (docs/guide.md, Bulk pay-outs from a
 * file), so nobody has to export CSV: the first worksheet, read as a stream by exceljs, each cell as the text
 * a CSV export of it would hold. A number Excel could not keep exactly (more than 15 significant digits: a
 * bank account typed as a number) is refused with its cell, never sent rounded.
 */
import { Readable } from "node:stream";
import ExcelJS from "exceljs";

export class WorkbookError extends Error {}

/** The first bytes of every .xlsx file (a ZIP archive's local file header). */
export function looksLikeXlsx(firstBytes: Uint8Array): boolean {
  return firstBytes[0] === 0x50 && firstBytes[1] === 0x4b && firstBytes[2] === 0x03 && firstBytes[3] === 0x04;
}

/** "C" for column 3 (1-based), for a cell's address in a message. */
function columnName(column: number): string {
  let name = "";
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** A number as its plain digits ("1500.5", "79001234567"); refused where Excel already rounded it. */
function numberText(value: number, address: string): string {
  if (!Number.isFinite(value)) throw new WorkbookError(`Cell ${address} holds no number Excel can show.`);
  if (Math.abs(value) >= 1e15) {
    throw new WorkbookError(
      `Cell ${address} holds a number of more than 15 digits, which Excel does not keep exactly (${value}): format its column as Text, type the value again, and save.`,
    );
  }
  // Up to 15 significant digits, the way Excel itself shows them: 0.1 + 0.2 reads as 0.3, never 0.30000000000000004.
  return String(Number(value.toPrecision(15)));
}

/** A cell's value as the text a CSV export would hold. */
export function cellValueText(value: ExcelJS.CellValue, address: string): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number") return numberText(value, address);
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (value instanceof Date) return value.toISOString();
  if ("richText" in value) return value.richText.map((r) => r.text).join("");
  if ("error" in value) return String(value.error);
  if ("result" in value) return cellValueText((value.result ?? null) as ExcelJS.CellValue, address);
  if ("formula" in value || "sharedFormula" in value) return "";
  if ("text" in value) return String(value.text);
  return "";
}

/**
 * Hands each row of the workbook's first worksheet to `onRecord` (its cells as text, up to the last one with
 * a value; its row number as the line), until `stop()` says the rest is not wanted.
 */
export async function readXlsxRecords(
  bytes: AsyncIterable<Uint8Array>,
  onRecord: (record: string[], line: number) => void,
  stop: () => boolean,
): Promise<void> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(bytes), {
    worksheets: "emit",
    sharedStrings: "cache",
    hyperlinks: "ignore",
    styles: "ignore",
    entries: "ignore",
  });
  /** The header's width: a row whose last cells are empty is as wide as the header, as a CSV row would be. */
  let width = 0;
  try {
    for await (const sheet of reader) {
      for await (const rows of sheet as AsyncIterable<ExcelJS.Row | ExcelJS.Row[]>) {
        for (const row of Array.isArray(rows) ? rows : [rows]) {
          if (stop()) return;
          // row.values is 1-based (index 0 is always empty) and sparse where cells are empty.
          const values = row.values as ExcelJS.CellValue[];
          const record = Array.from({ length: Math.max(values.length - 1, width) }, (_, i) =>
            cellValueText(values[i + 1], `${columnName(i + 1)}${row.number}`),
          );
          if (record.every((cell) => cell.trim() === "")) continue;
          width ||= record.length;
          onRecord(record, row.number);
        }
      }
      return; // The first worksheet only.
    }
  } catch (error) {
    if (error instanceof WorkbookError) throw error;
    throw new WorkbookError(`The file is not a workbook Excel can open (.xlsx): ${(error as Error).message}`);
  }
}
