/**
 * Deterministic triggers for QA (docs/qa.md, Triggers), as lib/contract/sandbox-triggers.ts lists them:
 * the cents of the requested amount (before random cents are added), and for pay-outs specific recipients.
 */
import {
  type Direction,
  FAILING_PAYOUT_CARD,
  FAILING_PAYOUT_PHONE,
  type FinalStatus,
  type PayoutRequest,
  type SandboxFault,
  sandboxAmountTrigger,
} from "@/lib/contract";

export { FAILING_PAYOUT_CARD, FAILING_PAYOUT_PHONE };

export interface Trigger {
  /** Status the order moves to right after it is created. */
  status?: FinalStatus;
  /** A one-shot fault for the first create of a paymentId. */
  fault?: SandboxFault;
}

export function triggerFor(direction: Direction, amountMinor: number, payout?: PayoutRequest): Trigger {
  if (payout) {
    const d = payout.payoutDetails;
    if (d?.ccNo === FAILING_PAYOUT_CARD) return { status: "Failed" };
    if (d?.phoneNumber !== undefined && d.phoneNumber.replace(/^\+?/, "+") === FAILING_PAYOUT_PHONE)
      return { status: "Failed" };
  }
  const trigger = sandboxAmountTrigger(direction, amountMinor);
  if (trigger?.status) return { status: trigger.status };
  if (trigger?.fault) return { fault: trigger.fault };
  return {};
}
