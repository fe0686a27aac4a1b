/**
 * What the customer types into "I have paid" (issue 18 §3), checked the same in the browser and on the
 * server. Plain module: the pay page's form imports it. The receipt's reference has a known format for
 * Pix (the end-to-end id) and SBP (the operation id); any other method takes a bounded free reference.
 * Errors are codes, so the page says them in the customer's language (lib/i18n, `caseErr…`).
 */
export type ReferenceKind = "pix" | "sbp" | "free";

export const REFERENCE_MAX_LENGTH = 64;
export const NOTE_MAX_LENGTH = 300;
/** What a request to submit a case may weigh (bytes): both fields at their longest, in 4-byte UTF-8, and JSON. */
export const CASE_BODY_MAX_BYTES = 2048;

export type ReferenceErrorCode = "required" | "pix" | "sbp" | "free" | "cardNumber";
export type NoteErrorCode = "note" | "cardNumber";

/** Pix end-to-end id: "E", the payer's ISPB and time, a sequence — 32 characters, letters and digits. */
const PIX_E2E = /^E[0-9A-Za-z]{31}$/;
/** SBP operation id: 32 letters and digits, starting with a letter (A or B in the banks' receipts). */
const SBP_OPERATION = /^[A-Z][0-9A-Z]{31}$/;
/** A receipt number as banks print them. */
const FREE_REFERENCE = /^[\p{L}\p{N}][\p{L}\p{N} .,:#/_-]{3,63}$/u;
/** 13–19 digits, maybe grouped by spaces or dashes: a card number, which the page must never collect. */
const CARD_NUMBER = /\d(?:[ -]?\d){12,18}/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]/;

/** The reference as stored: outer spaces gone; Pix and SBP ids without inner spaces, SBP upper-cased. */
export function normalizeReference(kind: ReferenceKind, value: string): string {
  const trimmed = value.trim();
  if (kind === "free") return trimmed.replace(/\s+/g, " ");
  const compact = trimmed.replace(/\s+/g, "");
  return kind === "sbp" ? compact.toUpperCase() : compact;
}

export function referenceError(kind: ReferenceKind, value: string): ReferenceErrorCode | undefined {
  const v = normalizeReference(kind, value);
  if (v === "") return "required";
  if (kind === "pix") return PIX_E2E.test(v) ? undefined : "pix";
  if (kind === "sbp") return SBP_OPERATION.test(v) ? undefined : "sbp";
  if (CARD_NUMBER.test(v)) return "cardNumber";
  return FREE_REFERENCE.test(v) ? undefined : "free";
}

export function normalizeNote(value: string | undefined): string | null {
  const v = (value ?? "").trim();
  return v === "" ? null : v;
}

export function noteError(value: string | undefined): NoteErrorCode | undefined {
  const v = normalizeNote(value);
  if (v === null) return undefined;
  if (v.length > NOTE_MAX_LENGTH || CONTROL.test(v.replace(/[\r\n\t]/g, " "))) return "note";
  if (CARD_NUMBER.test(v)) return "cardNumber";
  return undefined;
}

export interface CaseInput {
  reference: string;
  note: string | null;
}

/** Both fields checked: the normalized input, or each refused field's error code. */
export function checkCaseInput(
  kind: ReferenceKind,
  raw: unknown,
):
  | { ok: true; input: CaseInput }
  | { ok: false; errors: { reference?: ReferenceErrorCode; note?: NoteErrorCode } } {
  const body = typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>) : {};
  const reference = typeof body.reference === "string" ? body.reference : "";
  const note = typeof body.note === "string" ? body.note : body.note == null ? undefined : "\u0000";
  const errors: { reference?: ReferenceErrorCode; note?: NoteErrorCode } = {};
  const r =
    reference.length > REFERENCE_MAX_LENGTH * 2
      ? kind === "free"
        ? "free"
        : kind
      : referenceError(kind, reference);
  if (r) errors.reference = r;
  const n = noteError(note);
  if (n) errors.note = n;
  if (errors.reference || errors.note) return { ok: false, errors };
  return { ok: true, input: { reference: normalizeReference(kind, reference), note: normalizeNote(note) } };
}
