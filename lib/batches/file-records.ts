/**
 * A pay-out file's records, whatever a spreadsheet saved it as (docs/guide.md, Bulk pay-outs from a file):
 * an Excel workbook (.xlsx, told by its bytes, not its name), or CSV in any encoding text-decoding.ts reads,
 * separated by `,`, `;` (Excel in Russian and Portuguese) or tabs, as its header line shows. Each record is
 * handed to `onRecord` as the parser emits it, inside the write of its chunk (docs/architecture.md, Memory of
 * the parse).
 */
import { once } from "node:events";
import { parse } from "csv-parse";
import {
  decodedText,
  FILE_ENCODINGS,
  FileEncodingError,
  type FileEncoding,
  headerDelimiter,
} from "./text-decoding";
import { looksLikeXlsx, readXlsxRecords, WorkbookError } from "./xlsx-records";

/** A problem of the file as a whole, said to the person as it is. */
export class FileReadError extends Error {}

export type OnRecord = (record: string[], line: number) => void;

/** The first chunk, and all the chunks again (the first included). */
async function peeked(chunks: AsyncIterable<Uint8Array>) {
  const iterator = chunks[Symbol.asyncIterator]();
  const head = await iterator.next();
  async function* all() {
    if (head.done) return;
    yield head.value;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { first: head.done ? undefined : head.value, all: all() };
}

const DELIMITER_NAMES = { ",": "commas", ";": "semicolons", "\t": "tabs" } as const;

/** A row (or the header) longer than this is no pay-out: reading stops there rather than hold it. */
const MAX_RECORD_CHARS = 64 * 1024;
const RECORD_TOO_LONG = (line: number) =>
  `A row is longer than ${MAX_RECORD_CHARS / 1024} KB (line ${line}): is it a CSV file, one pay-out a line?`;

/** Reads `chunks` as CSV text in `encoding`, the delimiter told by the header line; answers the delimiter. */
async function readCsvRecords(
  texts: AsyncIterable<string>,
  onRecord: OnRecord,
  stop: () => boolean,
): Promise<keyof typeof DELIMITER_NAMES> {
  let parser: ReturnType<typeof parse> | undefined;
  let ended: Promise<void> = Promise.resolve();
  let delimiter: keyof typeof DELIMITER_NAMES = ",";
  let head = "";
  const start = (firstLine: string) => {
    delimiter = headerDelimiter(firstLine);
    const p = parse({
      delimiter,
      skip_empty_lines: true,
      relax_column_count: true,
      max_record_size: MAX_RECORD_CHARS,
    });
    // No `info`: it is two objects per record; the parser's running count says the record's line.
    p.on("data", (record: string[]) => onRecord(record, p.info.lines));
    ended = new Promise<void>((resolve, reject) => {
      p.once("end", resolve);
      p.once("error", reject);
    });
    ended.catch(() => {});
    return p;
  };
  const write = async (p: ReturnType<typeof parse>, text: string) => {
    if (!p.write(text)) await Promise.race([once(p, "drain"), ended]);
  };
  try {
    for await (const text of texts) {
      if (stop()) return delimiter;
      if (parser) {
        await write(parser, text);
        continue;
      }
      head += text;
      const newline = head.search(/[\r\n]/);
      if (newline < 0 && head.length > MAX_RECORD_CHARS) throw new FileReadError(RECORD_TOO_LONG(1));
      if (newline < 0) continue;
      parser = start(head.slice(0, newline));
      await write(parser, head);
      head = "";
    }
    parser ??= head ? start(head) : undefined;
    if (parser && head) await write(parser, head);
    if (parser && !stop()) {
      parser.end();
      await ended;
    }
    return delimiter;
  } catch (error) {
    if (error instanceof FileReadError) throw error;
    if (error instanceof FileEncodingError) throw new FileReadError(error.message);
    if ((error as { code?: string }).code === "CSV_MAX_RECORD_SIZE")
      throw new FileReadError(RECORD_TOO_LONG(parser?.info.lines ?? 1));
    throw new FileReadError(`The file is not valid CSV: ${(error as Error).message}`);
  } finally {
    parser?.destroy();
  }
}

/**
 * Hands every record of the file to `onRecord` until `stop()`; answers how the file was read, for the
 * preview ("CSV, Windows-1251 (Cyrillic), separated by semicolons"). Throws FileReadError.
 */
export async function readFileRecords(
  chunks: AsyncIterable<Uint8Array>,
  onRecord: OnRecord,
  stop: () => boolean,
): Promise<string> {
  const { first, all } = await peeked(chunks);
  if (first && looksLikeXlsx(first)) {
    try {
      await readXlsxRecords(all, onRecord, stop);
    } catch (error) {
      if (error instanceof WorkbookError) throw new FileReadError(error.message);
      throw error;
    }
    return "Excel workbook (.xlsx), its first sheet";
  }
  let encoding: FileEncoding = "utf-8";
  const delimiter = await readCsvRecords(
    decodedText(all, (e) => {
      encoding = e;
    }),
    onRecord,
    stop,
  );
  return `CSV, ${FILE_ENCODINGS[encoding]}, separated by ${DELIMITER_NAMES[delimiter]}`;
}
