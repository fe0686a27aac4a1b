/** Raw provider shapes → app types. Pure. */
import "server-only";
import {
  formatMinorUnits,
  hasAtMostTwoDecimals,
  type PayinRequest,
  type PayoutRequest,
  toMinorUnits,
} from "@/lib/contract";
import type { RawBank, RawPayinResponse, RawPayoutResponse } from "./provider-types";
import type { BankInfo, PayinOrder, PayoutOrder } from "./types";

export function toPayinOrder(req: PayinRequest, raw: RawPayinResponse, attempts: number): PayinOrder {
  const requested = minorUnitsOrUndefined(req.amount);
  // raw.amount passed the contract's two-decimal check; the request may not have (it is not re-validated).
  const final = raw.amount === undefined ? requested : toMinorUnits(raw.amount);
  return {
    id: raw.id,
    paymentId: req.paymentId,
    paymentMethod: req.paymentMethod,
    status: raw.status,
    expiresAt: new Date(raw.expiresAt).toISOString(),
    amount: final === undefined ? String(req.amount) : formatMinorUnits(final),
    amountChanged: final !== requested,
    bankDetails: raw.bankDetails,
    raw,
    attempts,
  };
}

export function toPayoutOrder(req: PayoutRequest, raw: RawPayoutResponse, attempts: number): PayoutOrder {
  return {
    id: raw.id,
    paymentId: req.paymentId,
    paymentMethod: req.paymentMethod,
    status: raw.status,
    raw,
    attempts,
  };
}

export function toBankInfo(raw: RawBank): BankInfo {
  return { id: raw.id, name: raw.name, country: raw.alpha2, code: raw.nspk };
}

function minorUnitsOrUndefined(amount: number): number | undefined {
  return hasAtMostTwoDecimals(amount) ? toMinorUnits(amount) : undefined;
}
