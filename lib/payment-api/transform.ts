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
import type { SandboxOrderBody } from "@/lib/contract/sandbox-controls";
import type { SandboxOrder } from "./sandbox-types";
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

export function toSandboxOrder(raw: SandboxOrderBody): SandboxOrder {
  return {
    id: raw.id,
    paymentId: raw.paymentId,
    direction: raw.type,
    status: raw.status,
    paymentMethod: raw.paymentMethod,
    country: raw.country,
    currency: raw.currency ?? undefined,
    amount: decimalText(raw.amount),
    requestedAmount: decimalText(raw.requestedAmount),
    expiresAt: raw.expiresAt ?? undefined,
    postbackUrl: raw.postbackUrl ?? undefined,
    createdAt: raw.createdAt,
    updatedAt: raw.updatedAt,
    callbacks: raw.callbacks.map((cb) => ({
      webhookId: cb.webhookId,
      status: cb.status,
      state: cb.state,
      url: cb.url,
      body: cb.body,
      nextAttemptAt: cb.nextAttemptAt ?? undefined,
      finishedAt: cb.finishedAt ?? undefined,
      attempts: cb.attempts.map((a) => ({
        attempt: a.attempt,
        at: a.at,
        durationMs: a.durationMs,
        statusCode: a.statusCode ?? undefined,
        error: a.error ?? undefined,
      })),
    })),
    raw,
  };
}

function decimalText(amount: number): string {
  const minor = minorUnitsOrUndefined(amount);
  return minor === undefined ? String(amount) : formatMinorUnits(minor);
}

function minorUnitsOrUndefined(amount: number): number | undefined {
  return hasAtMostTwoDecimals(amount) ? toMinorUnits(amount) : undefined;
}
