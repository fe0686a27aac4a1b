/**
 * Deterministic triggers for QA (docs/qa.md, Triggers), as lib/contract/sandbox-triggers.ts lists them:
 * the cents of the requested amount (before random cents are added), and for pay-outs specific recipients.
 */
import {
  type Direction,
  isFailingPayoutRecipient,
  type PayoutRequest,
  type SandboxAmountTrigger,
  sandboxAmountTrigger,
} from "@/lib/contract";

/** What a create sets off: a status right after it, or a one-shot fault (as the contract's table says). */
export type Trigger = Pick<SandboxAmountTrigger, "status" | "fault">;

export function triggerFor(direction: Direction, amountMinor: number, payout?: PayoutRequest): Trigger {
  if (payout && isFailingPayoutRecipient(payout.payoutDetails)) return { status: "Failed" };
  const trigger = sandboxAmountTrigger(direction, amountMinor);
  if (trigger?.status) return { status: trigger.status };
  if (trigger?.fault) return { fault: trigger.fault };
  return {};
}
