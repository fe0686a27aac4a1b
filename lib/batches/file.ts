/**
 * A bulk pay-out file (docs/guide.md, Bulk pay-outs from a file): CSV whose columns are the contract's own
 * field paths, parsed as a stream (csv-parse) within limits, each row judged by the pay-out form's own
 * schema (lib/orders/payout-form-schema.ts: the same normalising and the contract's rules), with totals per
 * currency, the file's SHA-256, and duplicate paymentIds flagged. Server side only (node:crypto, streams),
 * but no database: unit-tested as it is.
 */
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import {
  formatMinorUnits,
  orderCurrency,
  PAYOUT_DETAIL_FIELDS,
  PAYOUT_METHODS,
  type PayoutMethod,
  toMinorUnits,
} from "@/lib/contract";
import { fieldErrorsFromZod } from "@/lib/contract/problem";
import { samplePayoutRequest } from "@/lib/contract/samples";
import { csvLine } from "@/lib/orders/csv";
import { fieldLabel } from "@/lib/orders/field-labels";
import { payoutFormSchema, type PayoutSubmission } from "@/lib/orders/payout-form-schema";
import { FileReadError, readFileRecords } from "./file-records";
import { BATCH_LIMITS, fileTooLargeMessage } from "./schemas";

/** The file's columns, in the templates' order: the contract's field paths (postbackUrl is the dashboard's). */
export const BATCH_COLUMNS = [
  "paymentId",
  "paymentMethod",
  "amount",
  "country",
  "trafficType",
  "client.id",
  "client.email",
  "client.ip",
  "client.tin",
  "client.phone",
  "bankId",
  ...PAYOUT_DETAIL_FIELDS.map((f) => `payoutDetails.${f}` as const),
] as const;
export type BatchColumn = (typeof BATCH_COLUMNS)[number];

/**
 * A full card number is never stored (docs/architecture.md, Card pay-outs), and a batch must be stored to
 * be sent after approval and across restarts: card pay-outs are sent one by one with the form.
 */
export const FILE_METHODS: readonly PayoutMethod[] = PAYOUT_METHODS.filter((m) => m !== "Card");
export const CARD_IN_FILE_MESSAGE =
  "Card pay-outs can't come from a file (a full card number is never stored): send them with the form";

export interface RowError {
  /** The row's line in the file; the header is line 1. */
  row: number;
  /** The contract path ("payoutDetails.phoneNumber"), or "(row)" for the row as a whole. */
  field: string;
  /** The form's label of the field ("Phone number"). */
  label: string;
  message: string;
}

export interface CurrencyTotal {
  /** ISO 4217, or "" when the method and country name none. */
  currency: string;
  /** Two decimals. */
  amount: string;
  rows: number;
}

/** What the preview shows: everything about the file but its rows' requests. */
export interface BatchPreview {
  fileName: string;
  sha256: string;
  bytes: number;
  /** How the file was read: "CSV, Windows-1251 (Cyrillic), separated by semicolons" (empty when unread). */
  readAs: string;
  /** Data rows read (the header excluded). */
  rows: number;
  validRows: number;
  /** Problems of the file as a whole (too large, too many rows, unknown columns, broken quoting). */
  fileErrors: string[];
  errors: RowError[];
  totals: CurrencyTotal[];
  /** paymentIds given on more than one row, with those rows. */
  duplicates: { paymentId: string; rows: number[] }[];
}

/**
 * A valid row, kept compact (10,000 of them are held at once): its request as JSON text (without
 * postbackUrl, which the sender adds) and the columns the batch stores beside it.
 */
export interface BatchRequestRow {
  readonly row: number;
  readonly paymentId: string;
  readonly paymentMethod: PayoutSubmission["paymentMethod"];
  /** The amount in minor units (lib/contract/money.ts). */
  readonly amountMinor: number;
  readonly currency: string | null;
  readonly requestJson: string;
}

export interface ParsedBatch extends BatchPreview {
  /** The valid rows, with their paymentIds (generated ones included). */
  requests: BatchRequestRow[];
}

/**
 * A row with no paymentId gets one derived from the file's hash and the row's line: uploading the same file
 * again gives the same ids, so its orders are not made twice. A UUID v4 in form (version and variant bits).
 */
export function derivedPaymentId(fileSha256: string, row: number): string {
  const h = createHash("sha256").update(`${fileSha256}:${row}`).digest("hex");
  const variant = ((Number.parseInt(h[16] ?? "0", 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** A placeholder paymentId for validating a row whose id is derived once the whole file is hashed. */
const PENDING_ID = "00000000-0000-4000-8000-000000000000";

/** "'+7900…" → "+7900…": the export's formula guard (lib/orders/csv.ts) taken off again. */
export function cellText(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const t = raw.trim();
  return /^'[=+\-@]/.test(t) ? t.slice(1) : t;
}

/** A header column as the form's path: its head and, for a nested field, its tail ("client", "email"). */
type ColumnPath = readonly [head: string, tail: string | undefined];

/** The form's values of one row: its cells under their paths (empty cells are "not given"). */
function formValuesOf(paths: readonly ColumnPath[], cells: readonly string[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (let i = 0; i < paths.length; i++) {
    const text = cellText(cells[i]);
    if (!text) continue;
    const [head, tail] = paths[i] as ColumnPath;
    if (tail === undefined) values[head] = text;
    else {
      const nested = (values[head] as Record<string, string> | undefined) ?? {};
      nested[tail] = text;
      values[head] = nested;
    }
  }
  return values;
}

/**
 * The valid rows' requests as UTF-8 in buffers off the JS heap. Held as 10,000 strings, they were copied
 * by every young-generation GC of the parse until V8 doubled its new space (issue 17's RSS figure,
 * docs/architecture.md "Batch sender"); here they cost the GC nothing until a row is read. Filled a segment
 * after another rather than one buffer doubled: the copies a doubling leaves behind are only freed at V8's
 * next full GC, so they would count in the parse's memory too.
 */
class RequestStore {
  static readonly SEGMENT = 256 * 1024;
  readonly #segments: Buffer[] = [];
  #used = RequestStore.SEGMENT;

  /** Appends `json`; where it is (segment, byte offset) and its length. */
  add(json: string): RequestSpan {
    const bytes = Buffer.byteLength(json);
    if (this.#used + bytes > RequestStore.SEGMENT || this.#segments.length === 0) {
      // A request longer than a segment (a file of huge cells) gets a segment of its own size.
      this.#segments.push(Buffer.allocUnsafeSlow(Math.max(RequestStore.SEGMENT, bytes)));
      this.#used = 0;
    }
    const segment = this.#segments.length - 1;
    const at = this.#used;
    this.#used += (this.#segments[segment] as Buffer).write(json, at, "utf8");
    if (bytes > RequestStore.SEGMENT) this.#used = RequestStore.SEGMENT;
    return { segment, at, bytes };
  }

  text(span: RequestSpan): string {
    return (this.#segments[span.segment] as Buffer).toString("utf8", span.at, span.at + span.bytes);
  }

  /** Where `needle` (ASCII) first is inside `span`, as an offset in its segment, or -1. */
  find(needle: string, span: RequestSpan): number {
    const i = (this.#segments[span.segment] as Buffer).indexOf(needle, span.at, "latin1");
    return i >= 0 && i + needle.length <= span.at + span.bytes ? i : -1;
  }

  /** Overwrites ASCII text of the same length (a derived paymentId over the placeholder). */
  overwrite(segment: number, at: number, ascii: string): void {
    (this.#segments[segment] as Buffer).write(ascii, at, "latin1");
  }
}

interface RequestSpan {
  segment: number;
  at: number;
  bytes: number;
}

/** A valid row: its columns, and its request and paymentId read from the store when asked. */
class StoredRequestRow implements BatchRequestRow {
  constructor(
    readonly row: number,
    readonly paymentMethod: PayoutSubmission["paymentMethod"],
    readonly amountMinor: number,
    readonly currency: string | null,
    private readonly store: RequestStore,
    private readonly span: RequestSpan,
    /** Where the paymentId's 36 characters are, in the request's segment. */
    private readonly idAt: number,
  ) {}

  get paymentId(): string {
    return this.store.text({ segment: this.span.segment, at: this.idAt, bytes: UUID_LENGTH });
  }

  get requestJson(): string {
    return this.store.text(this.span);
  }

  /** The placeholder paymentId replaced by `id`, in the request too. */
  setPaymentId(id: string): void {
    this.store.overwrite(this.span.segment, this.idAt, id);
  }

  toJSON(): BatchRequestRow {
    const { row, paymentId, paymentMethod, amountMinor, currency, requestJson } = this;
    return { row, paymentId, paymentMethod, amountMinor, currency, requestJson };
  }
}

const UUID_LENGTH = 36;

export function rowError(row: number, field: string, message: string): RowError {
  return { row, field, label: field === "(row)" ? "Row" : fieldLabel(field), message };
}

type Chunks = AsyncIterable<Uint8Array> | Iterable<Uint8Array> | ReadableStream<Uint8Array>;

/** A web stream (a File's) as Node reads it; anything else is iterable as it is. */
function iterable(chunks: Chunks): AsyncIterable<Uint8Array> | Iterable<Uint8Array> {
  return "getReader" in chunks ? Readable.fromWeb(chunks as WebReadableStream<Uint8Array>) : chunks;
}

/** Reads `chunks` (a File's stream, a file read from disk) as a bulk pay-out file, within BATCH_LIMITS. */
export async function parseBatchFile(
  fileName: string,
  chunks: Chunks,
  limits: { maxBytes: number; maxRows: number } = BATCH_LIMITS,
): Promise<ParsedBatch> {
  const hash = createHash("sha256");
  let bytes = 0;
  let tooLarge = false;
  async function* counted() {
    for await (const chunk of iterable(chunks)) {
      bytes += chunk.byteLength;
      if (bytes > limits.maxBytes) {
        tooLarge = true;
        return;
      }
      hash.update(chunk);
      yield chunk;
    }
  }
  const out: ParsedBatch = {
    fileName,
    sha256: "",
    bytes: 0,
    readAs: "",
    rows: 0,
    validRows: 0,
    fileErrors: [],
    errors: [],
    totals: [],
    duplicates: [],
    requests: [],
  };
  let header: BatchColumn[] | null = null;
  let paths: ColumnPath[] = [];
  const idRows = new Map<string, number[]>();
  const store = new RequestStore();
  const rows: StoredRequestRow[] = [];
  /** Set when the rest of the file is not read (a bad header, too many rows). */
  let done = false;
  // Each record is judged as the reader emits it, inside the write of its chunk: none waits in a stream's
  // buffer, so a young-generation GC finds almost nothing alive but the rows kept (docs/architecture.md,
  // Memory of the parse).
  const onRecord = (record: string[], line: number) => {
    if (done) return;
    if (!header) {
      header = headerOf(record, out.fileErrors);
      if (!header) done = true;
      else paths = header.map((column) => column.split(".") as unknown as ColumnPath);
      return;
    }
    if (out.rows === limits.maxRows) {
      out.fileErrors.push(
        `The file has more than ${limits.maxRows.toLocaleString("en")} rows: split it into files of at most ${limits.maxRows.toLocaleString("en")}.`,
      );
      done = true;
      return;
    }
    out.rows++;
    const valid = judgeRow(paths, record, line, out, idRows, store);
    if (valid) rows.push(valid);
  };
  try {
    out.readAs = await readFileRecords(counted(), onRecord, () => done);
  } catch (error) {
    if (!(error instanceof FileReadError)) throw error;
    // A file cut at the size limit is refused for its size alone, not for the broken end it was cut at.
    if (!tooLarge) out.fileErrors.push(error.message);
  }
  if (tooLarge) {
    out.fileErrors.unshift(fileTooLargeMessage(limits.maxBytes));
  }
  if (!header && out.fileErrors.length === 0) out.fileErrors.push("The file is empty: it has no header row.");
  else if (header && out.rows === 0 && out.fileErrors.length === 0)
    out.fileErrors.push("The file has a header but no rows.");
  out.bytes = bytes;
  out.sha256 = hash.digest("hex");
  finish(out, rows, idRows);
  return out;
}

/** The header's columns, or null (with the reason in `errors`) when one is unknown or repeated. */
/** Column names as an error quotes them: a few, each cut short (a header may be a whole file's line). */
function quoted(names: readonly string[]): string {
  const shown = names.slice(0, 5).map((n) => `“${n.length > 40 ? `${n.slice(0, 40)}…` : n}”`);
  return shown.join(", ") + (names.length > 5 ? ` and ${names.length - 5} more` : "");
}

function headerOf(record: readonly string[], errors: string[]): BatchColumn[] | null {
  const names = record.map((c) => cellText(c) ?? "");
  const known = new Set<string>(BATCH_COLUMNS);
  const unknown = names.filter((n) => !known.has(n));
  const repeated = names.filter((n, i) => names.indexOf(n) !== i);
  if (unknown.length > 0) {
    errors.push(
      `Unknown column${unknown.length > 1 ? "s" : ""} ${quoted(unknown)}: the header row names the contract's fields (${BATCH_COLUMNS.join(", ")}). Download a template.`,
    );
  }
  if (repeated.length > 0) errors.push(`Repeated column ${quoted(repeated)}.`);
  return unknown.length > 0 || repeated.length > 0 ? null : (names as BatchColumn[]);
}

/** Judges one row by the form's schema: the valid row, stored, or undefined with its errors in `out`. */
function judgeRow(
  header: readonly ColumnPath[],
  record: readonly string[],
  row: number,
  out: ParsedBatch,
  idRows: Map<string, number[]>,
  store: RequestStore,
): StoredRequestRow | undefined {
  if (record.length !== header.length) {
    out.errors.push(
      rowError(row, "(row)", `Has ${record.length} cells; the header has ${header.length} columns`),
    );
    return undefined;
  }
  const values = formValuesOf(header, record);
  const given = typeof values.paymentId === "string" ? values.paymentId : undefined;
  const parsed = payoutFormSchema.safeParse({ ...values, paymentId: given ?? PENDING_ID });
  const errors: RowError[] = [];
  if (!parsed.success) {
    for (const { path, message } of fieldErrorsFromZod(parsed.error, "(row)"))
      errors.push(rowError(row, path, message));
  } else if (parsed.data.paymentMethod === "Card") {
    errors.push(rowError(row, "paymentMethod", CARD_IN_FILE_MESSAGE));
  }
  if (given !== undefined) {
    const key = given.toLowerCase();
    const seen = idRows.get(key);
    if (seen) {
      errors.push(rowError(row, "paymentId", `Duplicate paymentId: also on row ${seen[0]}`));
      seen.push(row);
    } else idRows.set(key, [row]);
  }
  if (errors.length > 0 || !parsed.success) {
    out.errors.push(...errors);
    return undefined;
  }
  const request = parsed.data;
  const currency =
    orderCurrency({ direction: "payout", paymentMethod: request.paymentMethod, country: request.country })
      .currency ?? null;
  const span = store.add(JSON.stringify(request));
  const key = `"paymentId":"${request.paymentId}"`;
  const idAt = store.find(key, span);
  if (idAt < 0 || request.paymentId.length !== UUID_LENGTH) throw new Error("unreachable: no paymentId");
  return new StoredRequestRow(
    row,
    // The method's own constant rather than the cell's copy: one string for 10,000 rows.
    PAYOUT_METHODS.find((m) => m === request.paymentMethod) ?? request.paymentMethod,
    toMinorUnits(request.amount),
    currency,
    store,
    span,
    idAt + key.length - UUID_LENGTH - 1,
  );
}

/** Derived paymentIds (now that the hash is known), the totals and the duplicates. */
function finish(out: ParsedBatch, rows: StoredRequestRow[], idRows: Map<string, number[]>): void {
  const totals = new Map<string, { minor: number; rows: number }>();
  out.requests = rows;
  for (const r of rows) {
    if (r.paymentId === PENDING_ID) r.setPaymentId(derivedPaymentId(out.sha256, r.row));
    const t = totals.get(r.currency ?? "") ?? { minor: 0, rows: 0 };
    t.minor += r.amountMinor;
    t.rows++;
    totals.set(r.currency ?? "", t);
  }
  out.validRows = out.requests.length;
  out.totals = [...totals]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, t]) => ({ currency, amount: formatMinorUnits(t.minor), rows: t.rows }));
  out.duplicates = [...idRows]
    .filter(([, rows]) => rows.length > 1)
    .map(([paymentId, rows]) => ({ paymentId, rows }));
}

/** Whether a parsed file may become a batch: no problem of the file or of any row, and a row at least. */
export function isSubmittable(p: BatchPreview): boolean {
  return p.fileErrors.length === 0 && p.errors.length === 0 && p.validRows > 0;
}

/** A template for `method`: the header and one example row (a paymentId is left to be generated). */
export function batchTemplate(method: PayoutMethod): string {
  const sample = samplePayoutRequest(method) as unknown as Record<string, unknown>;
  const cells = BATCH_COLUMNS.map((column) => {
    if (column === "paymentId") return "";
    const value = column
      .split(".")
      .reduce<unknown>((v, key) => (v as Record<string, unknown> | undefined)?.[key], sample);
    return typeof value === "string" || typeof value === "number" ? value : "";
  });
  return csvLine(BATCH_COLUMNS) + csvLine(cells);
}
