/**
 * Deterministic triggers for QA (docs/qa.md, Triggers). They key on the cents of the requested
 * amount (before random cents are added), and for pay-outs also on specific recipient details.
 */
import type { Direction, FinalStatus, PayoutRequest } from "@/lib/contract";

/** Pay-out recipients that always fail. */
export const FAILING_PAYOUT_CARD = "4000000000000002";
export const FAILING_PAYOUT_PHONE = "+79000000013";

export type Fault = "error-once" | "slow-once";

export interface Trigger {
  /** Status the order moves to right after it is created. */
  status?: FinalStatus;
  /** A one-shot fault for the first create of a paymentId. */
  fault?: Fault;
}

export function triggerFor(direction: Direction, amountMinor: number, payout?: PayoutRequest): Trigger {
  if (payout) {
    const d = payout.payoutDetails;
    if (d?.ccNo === FAILING_PAYOUT_CARD) return { status: "Failed" };
    if (d?.phoneNumber !== undefined && d.phoneNumber.replace(/^\+?/, "+") === FAILING_PAYOUT_PHONE)
      return { status: "Failed" };
  }
  switch (amountMinor % 100) {
    case 13:
      return { status: "Failed" };
    case 14:
      return { status: "Success" };
    case 15:
      return direction === "payin" ? { status: "Expired" } : {};
    case 55:
      return { fault: "error-once" };
    case 56:
      return { fault: "slow-once" };
    default:
      return {};
  }
}
