/**
 * The sandbox's deterministic triggers (docs/qa.md, Triggers): outcomes keyed on the cents of the requested
 * amount (before any random cents), and for pay-outs on two recipients. The sandbox acts on them
 * (lib/sandbox/triggers.ts); the dashboard's order forms name them when the dashboard runs on the sandbox,
 * so nobody meets a 3-second create or an instantly failed order without knowing why.
 */
import type { Direction } from "./methods";
import type { FinalStatus } from "./status";

/** Pay-out recipients that always fail. */
export const FAILING_PAYOUT_CARD = "4000000000000002";
export const FAILING_PAYOUT_PHONE = "+79000000013";

export type SandboxFault = "error-once" | "slow-once";

export interface SandboxAmountTrigger {
  /** The requested amount's cents (0–99). */
  cents: number;
  directions: readonly Direction[];
  /** Status the order moves to right after it is created. */
  status?: FinalStatus;
  /** A one-shot fault for the first create of a paymentId. */
  fault?: SandboxFault;
  /** What happens, for people. */
  effect: string;
}

const BOTH: readonly Direction[] = ["payin", "payout"];

export const SANDBOX_AMOUNT_TRIGGERS: readonly SandboxAmountTrigger[] = [
  {
    cents: 13,
    directions: BOTH,
    status: "Failed",
    effect: "created, then at once Failed (a callback is sent)",
  },
  {
    cents: 14,
    directions: BOTH,
    status: "Success",
    effect: "created, then at once Success (a callback is sent)",
  },
  { cents: 15, directions: ["payin"], status: "Expired", effect: "created, then at once Expired" },
  {
    cents: 55,
    directions: BOTH,
    fault: "error-once",
    effect: "the first create answers 500 and creates nothing; sending it again succeeds",
  },
  {
    cents: 56,
    directions: BOTH,
    fault: "slow-once",
    effect:
      "the first create answers late (3 s unless the sandbox is set otherwise); sending it again returns the same order",
  },
];

/** The trigger an amount (in minor units) sets off in one direction, if any. */
export function sandboxAmountTrigger(
  direction: Direction,
  amountMinor: number,
): SandboxAmountTrigger | undefined {
  const cents = amountMinor % 100;
  return SANDBOX_AMOUNT_TRIGGERS.find((t) => t.cents === cents && t.directions.includes(direction));
}

/**
 * Whether a pay-out's details name a recipient the sandbox always fails: the card, or the SBP phone with or
 * without its leading "+".
 */
export function isFailingPayoutRecipient(
  details: { ccNo?: string; phoneNumber?: string } | undefined,
): boolean {
  if (details?.ccNo === FAILING_PAYOUT_CARD) return true;
  return (
    details?.phoneNumber !== undefined && details.phoneNumber.replace(/^\+?/, "+") === FAILING_PAYOUT_PHONE
  );
}
