/**
 * Who a pay-out pays, read from its stored request (card number already masked): the rows of the order
 * page's recipient card, by method. Pure, so each method's rows are unit-tested.
 */
import {
  isPayoutMethod,
  isRecord,
  PAYOUT_DETAIL_LABELS,
  PAYOUT_METHOD_INFO,
  type PixKeyField,
} from "@/lib/contract";

export interface RecipientRow {
  label: string;
  value: string;
  /** Ids and numbers: shown in the monospace font. */
  mono?: boolean;
  /** Context rather than who is paid (the bank, the client's email): left out of the one-line summary. */
  aside?: boolean;
}

type Json = Record<string, unknown>;

function record(value: unknown): Json {
  return isRecord(value) ? value : {};
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value !== ""
    ? value
    : typeof value === "number"
      ? String(value)
      : undefined;
}

/** "411111******1111" → "4111 11** **** 1111". */
export function groupMaskedCard(masked: string): string {
  return masked.replace(/(.{4})(?=.)/g, "$1 ");
}

const PIX_KEY_LABELS: Record<PixKeyField, string> = {
  "client.tin": "Pix key (CPF / CNPJ)",
  "client.email": "Pix key (email)",
  "client.phone": "Pix key (phone)",
  "payoutDetails.evp": "Pix key (EVP)",
};

/**
 * The recipient card's rows. `bankName`: the name the bank directory gives the request's bankId (SBP), or
 * undefined when it has none (the id is then shown as it is).
 */
export function recipientRows(request: Json, bankName?: string): RecipientRow[] {
  const method = text(request.paymentMethod) ?? "";
  const client = record(request.client);
  const d = record(request.payoutDetails);
  const rows: (RecipientRow | null)[] = [];
  const row = (label: string, value: unknown, mono = false): RecipientRow | null => {
    const v = text(value);
    return v === undefined ? null : { label, value: v, ...(mono ? { mono } : {}) };
  };
  if (method === "Card") {
    const expiry = text(d.ccExpirationMonth) && text(d.ccExpirationYear);
    rows.push(
      row(PAYOUT_DETAIL_LABELS.ccNo, typeof d.ccNo === "string" ? groupMaskedCard(d.ccNo) : undefined, true),
      row("Card holder", d.ccHolderName),
      row("Expires", expiry ? `${d.ccExpirationMonth}/${d.ccExpirationYear}` : undefined, true),
    );
  } else if (method === "SBP") {
    const bankId = text(request.bankId);
    rows.push(
      row("Phone (SBP)", d.phoneNumber, true),
      row("Payee", d.payeeName),
      aside(
        row(
          "Bank",
          bankId === undefined ? undefined : (bankName ?? `Bank id ${bankId} (not in the directory)`),
        ),
      ),
    );
  } else if (method === "BankAccount") {
    rows.push(row(PAYOUT_DETAIL_LABELS.bankAccountNo, d.bankAccountNo, true));
  } else if (isPayoutMethod(method) && PAYOUT_METHOD_INFO[method].pixKey) {
    const key = PAYOUT_METHOD_INFO[method].pixKey as PixKeyField;
    const [scope, field] = key.split(".") as ["client" | "payoutDetails", string];
    const keyValue = (scope === "client" ? client : d)[field];
    rows.push(
      row(PIX_KEY_LABELS[key], keyValue, key !== "client.email"),
      key === "client.tin" ? null : row("Taxpayer (CPF / CNPJ)", client.tin, true),
    );
  }
  rows.push(aside(row("Client email", client.email)));
  return rows.filter((r): r is RecipientRow => r !== null);
}

const aside = (r: RecipientRow | null): RecipientRow | null => r && { ...r, aside: true };

/**
 * Who is paid, in one line for a confirmation beside the amount: "+79001234567 · Ivan Petrov",
 * "4111 11** **** 1111 · IVAN PETROV · 12/29"; "" when the request names no one.
 */
export function recipientLine(request: Json): string {
  return recipientRows(request)
    .filter((r) => !r.aside)
    .map((r) => r.value)
    .join(" · ");
}
