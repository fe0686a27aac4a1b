/**
 * The currency of an order's amount: the one owner of that rule. Forms, the dashboard's stored order, the
 * sandbox's order record and the pay page all read it, so what the customer is shown is what the payment
 * details charge.
 *
 * SBP and NSPK QR (cross-border too) pay into a Russian SBP bank: roubles, whatever the payer's country; a
 * payer outside Russia has their own bank convert. Pix and PIX_OUT_* are Brazilian: reais. Cards and bank
 * accounts are in the currency of the order's country (a cross-border card is charged in its own currency;
 * the receiving side converts). A country without a currency mapping gives no currency.
 */
import { currencyForCountry } from "./countries";
import {
  type Direction,
  isPayinMethod,
  isPayoutMethod,
  PAYIN_METHOD_INFO,
  PAYOUT_METHOD_INFO,
} from "./methods";

export interface OrderCurrency {
  /** ISO 4217 code of the amount, or undefined (a card or account order in a country without a mapping). */
  currency: string | undefined;
  /** A pay-in the payer's bank converts: the amount is in a currency other than their country's. */
  payerBankConverts: boolean;
}

export function orderCurrency(order: {
  direction: Direction;
  paymentMethod: string;
  country: string;
}): OrderCurrency {
  const { direction, paymentMethod, country } = order;
  const fixed =
    direction === "payin"
      ? isPayinMethod(paymentMethod)
        ? PAYIN_METHOD_INFO[paymentMethod].currency
        : undefined
      : isPayoutMethod(paymentMethod)
        ? PAYOUT_METHOD_INFO[paymentMethod].currency
        : undefined;
  const local = currencyForCountry(country);
  if (fixed === undefined) return { currency: local, payerBankConverts: false };
  return { currency: fixed, payerBankConverts: direction === "payin" && fixed !== local };
}
