/**
 * The pay page's view model: from the order row (bank_details as the service returned it) to exactly what
 * the customer sees, per method. Pure; no personal data of the merchant's client ever enters it.
 */
import {
  bankDetailsSchemas,
  isPayinMethod,
  orderCurrency,
  PAYIN_METHOD_INFO,
  type PayinMethod,
} from "@/lib/contract";
import type { PayPageOrderRow } from "@/lib/database/dashboard/queries/pay-page";
import type { Locale, Messages } from "@/lib/i18n";
import {
  type AmountParts,
  currencyName,
  formatAmountParts,
  formatCardNumber,
  formatDeadline,
  formatPhone,
  timeZoneForCountry,
} from "./format";
import { isNspkLink } from "./nspk-deep-link";

export type PayPhase = "pay" | "expired" | "success" | "failed";

export interface DetailField {
  /** Stable id (tests and copy buttons use it). */
  id: "cardNumber" | "cardHolder" | "phoneNumber" | "payee" | "bank" | "paymentLink" | "qrCode" | "pixCode";
  label: keyof Messages;
  /** As shown: grouped, formatted. */
  display: string;
  /** Exactly what the copy button puts on the clipboard: the value as the service sent it. */
  copyValue: string;
  mono?: boolean;
}

export type MethodView =
  | { kind: "card"; fields: DetailField[] }
  | { kind: "phone"; fields: DetailField[] }
  | { kind: "nspkQr"; qrValue: string; nspkUrl?: string; fields: DetailField[] }
  | { kind: "pixQr"; qrValue: string; fields: DetailField[] };

export interface PayPageView {
  /** What the customer can quote to the merchant: the paymentId's first 8 characters, as staff see it. */
  orderRef: string;
  method: PayinMethod;
  details: MethodView;
  amount: AmountParts;
  /** The amount to type into a bank app: "1234.56". */
  amountCopy: string;
  /** True when the service added random cents: the customer must not round. */
  randomCents: boolean;
  currency?: string;
  currencyName?: string;
  /** The amount is in roubles while the payer is elsewhere: their bank converts (the page says so). */
  payerBankConverts: boolean;
  /** The bank's name in the page's language. */
  bankName: string;
  /** The bank's directory id, where the service named it (QR methods). */
  bankId?: number;
  phase: PayPhase;
  status: string;
  expiresAtMs: number | null;
  deadlineText: string | null;
}

export function phaseOf(status: string, expiresAtMs: number | null, nowMs: number): PayPhase {
  if (status === "Success") return "success";
  if (status === "Failed") return "failed";
  if (status === "Expired") return "expired";
  return expiresAtMs !== null && expiresAtMs <= nowMs ? "expired" : "pay";
}

/** The bank's name in the page's language, from the service's name and id (reference-banks.ts). */
export type LocalizeBank = (ref: { bankId?: number; bankName: string }) => string;

/** A detail under its own label; `mono` for numbers and codes the customer types or pastes. */
function detail(id: DetailField["id"], display: string, copyValue: string, mono = false): DetailField {
  return { id, label: id, display, copyValue, ...(mono ? { mono } : {}) };
}

function detailsFor(
  method: PayinMethod,
  raw: unknown,
  localizeBank: LocalizeBank,
): { view: MethodView; bankName: string; bankId?: number } | null {
  const kind = PAYIN_METHOD_INFO[method].bankDetails;
  // The name the customer looks for in their bank app's list: in the page's language.
  const bankField = (bankName: string): DetailField => {
    const local = localizeBank({ bankName });
    return detail("bank", local, local);
  };
  // Details the customer types into their bank app (a card number, a phone), with the bank to pay through.
  const typedIn = (kind: "card" | "phone", bankName: string, fields: DetailField[]) => ({
    bankName: localizeBank({ bankName }),
    view: { kind, fields },
  });
  switch (kind) {
    case "card": {
      const parsed = bankDetailsSchemas.card.safeParse(raw);
      if (!parsed.success) return null;
      const { card, bankName } = parsed.data;
      return typedIn(kind, bankName, [
        detail("cardNumber", formatCardNumber(card.cardNumber), card.cardNumber, true),
        detail("cardHolder", card.cardHolderName, card.cardHolderName),
        bankField(bankName),
      ]);
    }
    case "phone": {
      const parsed = bankDetailsSchemas.phone.safeParse(raw);
      if (!parsed.success) return null;
      const { phoneNumber, payeeName, bankName } = parsed.data;
      return typedIn(kind, bankName, [
        detail("phoneNumber", formatPhone(phoneNumber), phoneNumber, true),
        bankField(bankName),
        detail("payee", payeeName, payeeName),
      ]);
    }
    case "nspkQr": {
      const parsed = bankDetailsSchemas.nspkQr.safeParse(raw);
      if (!parsed.success) return null;
      const { qr, bankName, bankId } = parsed.data;
      // The spec: the QR shows qr.url when present, else qr.code.
      const qrValue = qr.url ?? qr.code!;
      const fields: DetailField[] = [];
      if (qr.url) fields.push(detail("paymentLink", qr.url, qr.url, true));
      else if (qr.code) fields.push(detail("qrCode", qr.code, qr.code, true));
      return {
        bankName: localizeBank({ bankName, bankId }),
        bankId,
        view: {
          kind,
          qrValue,
          // A code-only QR of the real NSPK form is the same link (the QR's payload): bank apps open it too.
          ...(isNspkLink(qrValue) ? { nspkUrl: qrValue } : {}),
          fields,
        },
      };
    }
    case "pixQr": {
      const parsed = bankDetailsSchemas.pixQr.safeParse(raw);
      if (!parsed.success) return null;
      const { qr, bankName, bankId } = parsed.data;
      return {
        bankName: localizeBank({ bankName, bankId }),
        bankId,
        view: {
          kind,
          qrValue: qr.code,
          fields: [detail("pixCode", qr.code, qr.code, true)],
        },
      };
    }
  }
}

/** "7c0f3e2a-…" → "7c0f3e2a": the paymentId's visible prefix, which staff can search the orders for. */
export function orderReference(paymentId: string): string {
  return paymentId.replaceAll("-", "").slice(0, 8).toLowerCase();
}

/** The page's view of an order, or null when the row holds nothing a customer could pay with. */
export function buildPayPageView(
  row: PayPageOrderRow,
  locale: Locale,
  nowMs: number,
  localizeBank: LocalizeBank = ({ bankName }) => bankName,
): PayPageView | null {
  if (!isPayinMethod(row.paymentMethod)) return null;
  const details = detailsFor(row.paymentMethod, row.bankDetails, localizeBank);
  if (!details) return null;
  const exact = row.finalAmount ?? row.amount;
  const rule = orderCurrency({ direction: "payin", paymentMethod: row.paymentMethod, country: row.country });
  // The stored currency is the order's (migration 0015 corrected the ones stored wrong before).
  const currency = row.currency ?? rule.currency;
  const expiresAtMs = row.expiresAt ? row.expiresAt.getTime() : null;
  return {
    orderRef: orderReference(row.paymentId),
    method: row.paymentMethod,
    details: details.view,
    amount: formatAmountParts(exact, currency, locale),
    amountCopy: exact,
    randomCents: row.finalAmount !== null && row.finalAmount !== row.amount,
    ...(currency ? { currency, currencyName: currencyName(currency, locale) } : {}),
    payerBankConverts: rule.payerBankConverts && currency === rule.currency,
    bankName: details.bankName,
    ...(details.bankId !== undefined ? { bankId: details.bankId } : {}),
    phase: phaseOf(row.status, expiresAtMs, nowMs),
    status: row.status,
    expiresAtMs,
    deadlineText: row.expiresAt
      ? formatDeadline(row.expiresAt, locale, timeZoneForCountry(row.country))
      : null,
  };
}
